/**
 * Ways a replay server can be told to misbehave, shared by every replay server so fault tests read the same.
 * - `slow`: wait `ms` before answering (to exercise client timeouts);
 * - `status`: answer with `status` (e.g. 503) for the next `times` requests (forever when omitted), then recover;
 * - `garbage`: 200 with a body that is not what the service produces;
 * - `drop`: destroy the connection without answering;
 * - `empty`: 200 with an empty body.
 */
export type ReplayFault =
  | { kind: 'slow'; ms: number }
  | { kind: 'status'; status: number; times?: number }
  | { kind: 'garbage' }
  | { kind: 'drop' }
  | { kind: 'empty' };
