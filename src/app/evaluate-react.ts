/**
 * React, evaluated in the task `src/boot.ts` gives it. Imported through this module rather than as `import('react')`:
 * a dynamic import of the CommonJS package puts the bundler's interop helper, a chunk of its own, among the entry
 * script's static imports, which the browser would then fetch before first paint, one round trip after the entry.
 */
import 'react';
