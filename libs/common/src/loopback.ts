/** The names of this machine that `ALLOWED_HOSTS` admits by default beside the bind address. */
export const LOOPBACK_NAMES: readonly string[] = ['localhost', '127.0.0.1', '::1'];

/**
 * Whether a host name or socket address is this machine: `localhost`, `::1` (bare or in URL brackets) or 127.x.x.x
 * (also IPv4-mapped, as a dual-stack socket reports it). The one test behind AUTH=off, /health details and plain-HTTP OIDC.
 */
export function isLoopback(hostOrAddress: string | undefined): boolean {
  if (!hostOrAddress) return false;
  const host = hostOrAddress.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || host === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(host);
}
