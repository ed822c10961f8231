/**
 * What must end before the process exits, registered by the modules that start it (a thread kept
 * warm, say) when they are first loaded — so a clean shutdown ends them without importing (and so
 * loading) every module that might have started one.
 */
const closers = new Set<() => Promise<void>>();

export function onClose(close: () => Promise<void>): void {
  closers.add(close);
}

/** Runs every registered closer; one that fails does not keep the others from running. */
export async function closeAll(): Promise<void> {
  await Promise.allSettled([...closers].map((close) => close()));
}
