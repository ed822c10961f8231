/**
 * An older layout of the bot state, read once at start (bot/runs.ts `resumeUnfinished`): run
 * records that still carry their delivery facts, from before those facts moved into the runs' own
 * files (agent/delivery-facts.ts). Nothing else reads that layout.
 */
import type { RunService } from './run-types.js';
import { BotStateFile, dropLegacyFacts, legacyFactsOf } from './state.js';

/**
 * Each run record's facts are carried into its run's file (a merge: applied twice = once), and only
 * then dropped from the bot state, so a kill in between neither loses them nor doubles them. A
 * record whose run has no readable state keeps them until the run is forgotten (a run delivered in
 * full is forgotten quietly here: nothing of it is left to resume).
 */
export async function carryLegacyFacts(state: BotStateFile, service: RunService, forget: (runId: string) => Promise<void>): Promise<void> {
  for (const record of [...state.runs]) {
    const facts = legacyFactsOf(record);
    if (!facts) continue;
    if (await service.status(record.runId)) {
      await service.drivers.delivered(record.runId, { kind: 'carried', facts });
      await state.update((s) => { const r = BotStateFile.run(s, record.runId); if (r) dropLegacyFacts(r); });
    } else if (facts.outcomeDelivered) {
      await forget(record.runId);
    }
  }
}
