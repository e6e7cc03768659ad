// The money core at run time: opens the journal, recovers state (snapshot + tail replay) and
// decorates `app.core`. Owned by the money-core work; see ../core for the pure state machine.
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import type { MoneyCore } from '@/core/types';
import { serveCommands } from './command-bus';
import { openReplicatedCore } from './core-node';
import { GatewayCore } from './gateway-core';
import { openMoneyCore } from './money-core';

declare module 'fastify' {
  interface FastifyInstance {
    core: MoneyCore;
  }
}

export const corePlugin = fp<AreaPluginOptions>(
  async (app, { config, clock }) => {
    const options = {
      groupCommit: config.JOURNAL_GROUP_COMMIT,
      batchWindowMs: config.JOURNAL_BATCH_WINDOW_MS,
      snapshotEvery: config.JOURNAL_SNAPSHOT_EVERY,
      now: () => clock.now().getTime(),
      log: { info: (msg: string) => app.log.info(msg), warn: (msg: string) => app.log.warn(msg) },
    };
    // A gateway: commands to the core leader over NATS, reads and events from a replica of the journal.
    if (config.ROLE === 'gateway') {
      const gateway = await GatewayCore.open({
        url: (config.CORE_URL ?? config.JOURNAL_URL) as string,
        stream: config.JOURNAL_STREAM,
        deadlineMs: config.CORE_COMMAND_DEADLINE_MS,
        log: options.log,
      });
      app.decorate('core', gateway);
      app.addHook('onClose', async () => gateway.close());
      return;
    }
    let stopServing: (() => void) | undefined;
    // With JOURNAL_URL the journal is a JetStream stream and one core is active: a standby waits here,
    // tailing the stream, until the leader's lease lapses (docs/operations.md).
    const replicated =
      config.JOURNAL_URL === undefined
        ? undefined
        : await openReplicatedCore({
            url: config.JOURNAL_URL,
            stream: config.JOURNAL_STREAM,
            replicas: config.JOURNAL_REPLICAS,
            leaseTtlMs: config.JOURNAL_LEASE_TTL_MS,
            nodeId: config.JOURNAL_NODE_ID,
            log: options.log,
            core: options,
            onStandby: (holder) => app.log.info(`core standby: the leader is ${holder ?? 'unknown'}`),
            onFenced: (reason) => {
              stopServing?.();
              app.log.error(`core fenced, no more commands: ${reason}`);
            },
          });
    // The leader answers the gateways' commands (journal/command-bus.ts).
    stopServing =
      replicated === undefined
        ? undefined
        : serveCommands(
            replicated.node.store.nc,
            config.JOURNAL_STREAM,
            replicated.core,
            options.log,
            replicated.node.lease.nodeId,
          );
    const core =
      replicated?.core ??
      (await openMoneyCore({ ...options, dir: config.JOURNAL_DIR ?? join(config.DATA_DIR, 'journal') }));
    app.decorate('core', core);
    // Runs after the later plugins' onClose hooks (hooks run in reverse), so nothing submits after this.
    app.addHook('onClose', async () => {
      stopServing?.();
      stopServing = undefined;
      await (replicated === undefined ? core.close() : replicated.close());
    });
  },
  { name: 'corePlugin' },
);
