// The `@/…` alias of tsconfig.json, for eslint-plugin-import: map it to src/, then resolve as Node does.
const path = require('node:path');
const node = require('eslint-import-resolver-node');

const src = path.join(__dirname, 'src');

exports.interfaceVersion = 2;
exports.resolve = (source, file, config) =>
  node.resolve(source.startsWith('@/') ? path.join(src, source.slice(2)) : source, file, config);
