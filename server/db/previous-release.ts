/**
 * The previous release: the commit whose server may still run on the database while this one
 * migrates it (a rolling upgrade, see docs/operations.md, "Upgrading"). Two tests hold the code to it:
 * - `expand-contract.test.ts`: the steps added since `lastMigration` only expand the schema,
 *   but those listed in `contractSteps`;
 * - `rolling-upgrade.test.ts`: that commit's server, checked out with `git archive`, runs beside
 *   this one on a database this one migrated (sends, passcode checks and sessions on both), and
 *   a SQLite database it wrote keeps its sessions and pending passcodes when this one opens it.
 *
 * Releasing: set `commit` to the release's commit (the full id) and `lastMigration` to the
 * newest step it knows, and empty `contractSteps`.
 */
export const PREVIOUS_RELEASE = {
  /** The commit of the previous release: where issue 31 ended. */
  commit: '6ec8bc8d8cfc07d2230c3ee27cd6e452c6d3891e',
  /** The newest migration the previous release knows; later ones are this release's. */
  lastMigration: '2026-11-27-11-crypto-challenges-client',
  /**
   * Steps added since the previous release that may contract its schema (drop or rename,
   * change a type, make required, remove a default or an index, add a unique index, a check, a
   * foreign key or a trigger on its tables, remove one of its foreign keys or triggers,
   * delete rows: see `expand-contract.ts`), each with why the previous release no longer uses
   * what it takes away.
   */
  contractSteps: {} as Readonly<Record<string, string>>,
} as const;
