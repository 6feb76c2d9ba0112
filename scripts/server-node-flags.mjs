// Node's flags for the server process, wherever it is started (npm start, npm run dev, the
// tests' and benches' servers in e2e/server.ts; the Dockerfile's CMD spells them out).
//
// A larger young generation: a device report's parsing, layout and answer allocate objects that
// die within the request, and with V8's default 16 MB semi-spaces the server scavenged so often
// that collection (and promoting what was still in flight) was a tenth of its CPU on the device
// path. 64 MB semi-spaces took 8 % off the server's CPU per reading on bench/ingest.ts; the
// young generation only grows to it under that allocation rate (at most ~130 MB more RSS).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
