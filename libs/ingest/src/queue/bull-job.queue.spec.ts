import { freePort } from '../../../../test/support/free-port';
import { startRedisServer, type RedisServer } from '../../../../test/support/redis-server';
import { QueueUnavailableError } from '../errors';
import { BullJobQueue } from './bull-job.queue';
import { pageProgress } from './job-queue';
import { catalogForContract, describeJobQueueContract } from './job-queue.contract';

// A real redis-server on a free loopback port; each test gets a queue (and keys) of its own.
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis?.stop());

let queues = 0;

describeJobQueueContract(
  BullJobQueue.name,
  async ({ leaseMs, maxAttempts, retryBackoffMs }) => {
    const targets = catalogForContract(maxAttempts);
    const { catalog } = targets;
    const queue = new BullJobQueue({
      url: redis.url,
      queueName: `contract-${++queues}`,
      leaseMs,
      maxAttempts,
      retryBackoffMs,
      stalledIntervalMs: 100,
      onExhausted: (documentId, reason) => catalog.documents.updateStatus(documentId, 'failed', { error: reason }),
      onProgress: (documentId, progress) =>
        void catalog.documents.updateStatusUnlessReady(documentId, progress.stage, { progress: pageProgress(progress) }),
    });
    return {
      ...targets,
      queue,
      async close() {
        await queue.close();
        await targets.close();
      },
    };
  },
  // Redis keeps its own time: short real leases, and a stalled lock is noticed within two 100 ms checks. The settle
  // leaves room for those checks on a loaded machine (a full test run on two cores once missed a 300 ms settle).
  { kind: 'real', leaseMs: 1_000, backoffMs: 400, marginMs: 250, settleMs: 700 },
);

describe(`${BullJobQueue.name} at start`, () => {
  const exhausted = () => undefined;

  it('opens when Redis answers', async () => {
    const queue = new BullJobQueue({ url: redis.url, queueName: 'open-check', onExhausted: exhausted });
    try {
      await expect(queue.open()).resolves.toBeUndefined();
    } finally {
      await queue.close();
    }
  });

  it('refuses to open, naming Redis without its password, when nothing answers there', async () => {
    // A port that was free a moment ago: nothing listens on it.
    const port = await freePort();
    const queue = new BullJobQueue({
      url: `redis://user:s3cret@127.0.0.1:${port}`,
      queueName: 'open-check',
      openTimeoutMs: 1_000,
      onExhausted: exhausted,
    });
    try {
      const opened = queue.open();
      await expect(opened).rejects.toBeInstanceOf(QueueUnavailableError);
      await expect(opened).rejects.toThrow(new RegExp(`Redis at redis://user:\\*\\*\\*@127\\.0\\.0\\.1:${port}.* does not answer`));
      await expect(opened).rejects.not.toThrow(/s3cret/);
    } finally {
      await queue.close();
    }
  });
});
