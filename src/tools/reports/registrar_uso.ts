/**
 * How registrar_uso's calls show in the closing report (docs/design.md §4), line 5, only in a run
 * someone pays for: the usage written down, or why not.
 */
import type { ToolReport } from '../contract.js';
import { REPORT } from '../../strings/agent.js';
import { notDone, shortReason } from './outcome-words.js';

export const usageReport: ToolReport = {
  order: 5,
  billedOnly: true,
  line(calls) {
    const usage = calls.at(-1);
    if (!usage) return REPORT.usageNotLogged;
    return notDone(usage.result) ? REPORT.usageFailed(shortReason(usage.result)) : REPORT.usageLogged;
  },
};
