import { startFakeSmtp } from './fake-smtp';

/** `npm run fake-smtp [-- --port 2525]`: a mail server that prints what Ullage sends it. */
const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 2525;
const smtp = await startFakeSmtp({
  port,
  onMail: (mail) => {
    const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
    console.log(`\n=== ${new Date().toISOString()} to ${to}\nSubject: ${mail.subject ?? ''}\n\n${mail.text ?? ''}`);
  },
});
console.log(`Fake mail server listening: ${smtp.url}`);
console.log(`Start Ullage with SMTP_URL=${smtp.url} npm start, give a user a mail address and tick e-mail in the bell's settings.`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void smtp.close().then(() => process.exit(0)));
