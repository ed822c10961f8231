/** Runs the class-mode migration once in its own process (`migrate-once.ts <dataDir> <teacherId>`), for kill tests. */
import { migrateToClassLayout } from '../../src/store/users.js';

const [dataDir, teacher] = process.argv.slice(2);
const r = await migrateToClassLayout(dataDir!, Number(teacher));
console.log(r.kind);
