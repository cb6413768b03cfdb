/**
 * Node's http module as its CommonJS object, as Express takes it. Importing `node:http` as an ES
 * module has Node build the module's namespace by reading every export, and one of them (its
 * WebSocket classes) loads Node's own copy of undici: some 3 MB of heap and more of code, which the
 * server never uses. Types may still be imported from `node:http`: they leave nothing behind.
 */
export const { createServer, STATUS_CODES } = process.getBuiltinModule('node:http');
