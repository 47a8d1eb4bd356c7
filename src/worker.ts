// `npm run start:worker`: the same application without HTTP, processing jobs and schedules.
process.env.APP_ROLE ??= 'worker';
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('./main')
  .main()
  .catch((e: unknown) => {
    process.stderr.write(`fatal: ${e instanceof Error ? e.stack : e}\n`);
    process.exit(1);
  });
