/**
 * Zod in the browser without its compiled parsers. Zod compiles object
 * parsers with `new Function` and probes once whether it may; under the
 * site's Content-Security-Policy (no 'unsafe-eval': src/security/policy.ts)
 * the probe is refused, and the browser reports that as a violation even
 * though Zod catches it. `jitless` skips the probe and the compiling. In
 * Node (the build, the CLI, the tests) the compiled parsers stay on.
 *
 * Imported for its effect by every module that defines schemas, so it runs
 * before any schema parses (Zod decides at the first parse and keeps it).
 */
import { config } from 'zod';

if (typeof document !== 'undefined') config({ jitless: true });
