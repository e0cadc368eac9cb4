/** `npm run typecheck`: every workspace and tool folder, each with its own tsconfig.json. */
import { typecheckAll } from './lib/typecheck.ts';

process.exit((await typecheckAll()) ? 0 : 1);
