/**
 * The log lines of a start's migration: one per step applied (its name and how long it took)
 * and a summary from the version the database was at to the one it is at now. A start that
 * found the database current logs nothing.
 */
import { describeVersion, type MigrationReport } from './migrator.js';

/** A logger as pino's (and so Fastify's `app.log`): the fields, then the message. */
export interface InfoLog {
  info(fields: Record<string, unknown>, message: string): void;
}

/** Logs what `report` says was applied to `log`; nothing when no step ran. */
export function logMigrations(log: InfoLog, report: MigrationReport): void {
  if (report.applied.length === 0) return;
  for (const step of report.applied) {
    log.info(
      { migration: step.name, ms: step.ms },
      `database migration ${step.name} applied in ${step.ms} ms`,
    );
  }
  log.info(
    { from: report.from, to: report.to, applied: report.applied.length, ms: report.ms },
    `database migrated from ${describeVersion(report.from)} to ${describeVersion(report.to)} in ${report.ms} ms`,
  );
}
