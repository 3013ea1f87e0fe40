/**
 * `npm run impersonate -- --user <id|email|phone> --by <you> [--project <public token>]`: mints
 * an impersonation token on the host (never over the API). The token works once, within five
 * minutes, through `POST /sdk/v1/impersonation/authenticate` (Stytch's SDK:
 * `stytch.impersonation.authenticate({impersonation_token})`); the session it starts is marked
 * `impersonated` and lasts at most an hour.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config.js';
import { isSetupRefusal, openCommandStore } from './command-store.js';
import { ImpersonationError, mintImpersonationToken } from './impersonation.js';

const HELP = `Velvet impersonation

Usage: npm run impersonate -- --user <user id, email or phone> --by <your name or email> [--project <public token>]

Prints a token that signs in as the user once, within five minutes:
  POST /sdk/v1/impersonation/authenticate {"impersonation_token": "<token>"}
The session is marked as impersonated (authentication factor "impersonated", with --by).`;

async function main(argv: string[]): Promise<number> {
  let values: { user?: string; by?: string; project?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        user: { type: 'string' },
        by: { type: 'string' },
        project: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`impersonate: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (!values.user || !values.by) {
    console.error(`impersonate: --user and --by are required.\n\n${HELP}`);
    return 2;
  }
  const config = loadConfig(process.env, process.cwd(), { command: true });
  const store = await openCommandStore(config);

  try {
    const projects = [];
    for (const project of config.projects)
      projects.push(await store.projects.upsert(project, Date.now()));
    const project =
      values.project === undefined
        ? projects[0]
        : projects.find((p) => p.publicToken === values.project);
    if (!project)
      throw new ImpersonationError(
        `No configured project has the public token "${values.project}".`,
      );
    const minted = await mintImpersonationToken(store, project, values.user, values.by, Date.now());
    console.log(
      `Impersonation token for ${minted.userId} (${project.name}), valid until ${new Date(minted.expiresAt).toISOString()}, once:`,
    );
    console.log(minted.token);
    return 0;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (isSetupRefusal(error) || error instanceof ImpersonationError) {
      console.error(`impersonate: ${error.message}`);
    } else {
      console.error('impersonate: unexpected error:', error);
    }
    process.exitCode = 1;
  },
);
