import { startFakeCas } from './fake-cas';

/** `npm run fake-cas [-- --port 8443]`: the test CAS server, for trying single sign-on by hand. */
const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 8443;
const cas = await startFakeCas({ port });
console.log(`Fake CAS listening: ${cas.url} (any user name signs in)`);
console.log('Start Ullage with, for example:');
console.log(`  CAS_URL=${cas.url} CAS_SERVICE_URL=http://127.0.0.1:8080/api/cas/callback npm start`);
console.log('and link an account to a CAS user (Accounts → edit → linked CAS user).');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void cas.close().then(() => process.exit(0)));
