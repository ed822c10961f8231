// Entry of the worker threads of the pool (pool.ts). The project runs TypeScript through tsx
// (`node --import tsx`), and a worker thread starts without the parent's loader when the parent
// was started another way (vitest), so the loader is registered here, then the TS module loaded.
import { register } from 'tsx/esm/api';

register();
const { work } = await import('./work.ts');

export default work;
