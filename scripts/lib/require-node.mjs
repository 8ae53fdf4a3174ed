// The guard every entry point of ours imports first: on a Node older than
// the project's minimum it says how to fix it in one sentence and stops,
// before anything else runs (docs/node.md). Keep it free of imports that
// would not load on an old Node.
import { older, tooOldMessage } from './node-version.mjs';

if (older(process.version)) {
  console.error(tooOldMessage());
  process.exit(1);
}
