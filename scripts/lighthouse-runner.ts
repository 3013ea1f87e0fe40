/**
 * Runs Lighthouse 12.8 (mobile, its defaults) on a page and reads its report: the four category
 * scores and the figures behind performance. `scripts/site-lighthouse.ts` and
 * `scripts/demo-lighthouse.ts` use it; reports go to `.lighthouse/` as JSON and HTML.
 *
 * Lighthouse is not a dependency of the project (its 12.8 line is the last on Node 20 and it
 * brings 200 packages); it runs through `npx lighthouse@12.8.2`, or `LIGHTHOUSE_BIN` when set.
 * It launches the Chromium `CHROME_PATH` names ({@link prepareLighthouse} fills it in).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from './chromium-path.mjs';

/** Where the reports go. */
const REPORT_DIR = join(import.meta.dirname, '..', '.lighthouse');

/** The categories scored, as Lighthouse names them. */
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** A Lighthouse category. */
export type LighthouseCategory = (typeof CATEGORIES)[number];

/** What one run found. */
export interface LighthouseResult {
  /** Each category's score, 0–100. */
  readonly scores: Record<LighthouseCategory, number>;
  /** Cumulative layout shift. */
  readonly cls: number;
  /** Total blocking time, in milliseconds. */
  readonly tbtMs: number;
  /** Largest contentful paint, in milliseconds. */
  readonly lcpMs: number;
  /** The ids of the scored audits each category failed (a score below 1). */
  readonly failed: Record<LighthouseCategory, string[]>;
}

interface LighthouseReport {
  categories: Partial<
    Record<
      LighthouseCategory,
      { score: number | null; auditRefs: { id: string; weight: number }[] }
    >
  >;
  audits: Record<string, { score: number | null; numericValue?: number }>;
}

/** Creates the report folder (Lighthouse wants it to exist) and finds Chromium. */
export async function prepareLighthouse(): Promise<void> {
  mkdirSync(REPORT_DIR, { recursive: true });
  process.env.CHROME_PATH ??= await chromiumPath();
}

/** Lighthouse's `--chrome-flags`: headless with our launch flags, and `extra`. */
export function chromeFlags(extra: readonly string[] = []): string {
  return `--chrome-flags=${['--headless=new', ...CHROMIUM_ARGS, ...extra].join(' ')}`;
}

/**
 * Runs Lighthouse on `url`, writing `.lighthouse/{name}.report.{json,html}`, with `extra`
 * command-line options (give {@link chromeFlags} there).
 * @throws Error when Lighthouse fails.
 */
export function runLighthouse(url: string, name: string, extra: string[]): LighthouseResult {
  const [command, ...prefix] = process.env.LIGHTHOUSE_BIN
    ? [process.env.LIGHTHOUSE_BIN]
    : ['npx', '--yes', 'lighthouse@12.8.2'];
  const result = spawnSync(
    command ?? 'npx',
    [
      ...prefix,
      url,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--output=json',
      '--output=html',
      `--output-path=${join(REPORT_DIR, name)}`,
      '--quiet',
      ...extra,
    ],
    { encoding: 'utf8', env: process.env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(
    readFileSync(join(REPORT_DIR, `${name}.report.json`), 'utf8'),
  ) as LighthouseReport;
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const byCategory = <T>(value: (category: LighthouseCategory) => T) =>
    Object.fromEntries(CATEGORIES.map((category) => [category, value(category)])) as Record<
      LighthouseCategory,
      T
    >;
  return {
    scores: byCategory((category) => Math.round((report.categories[category]?.score ?? 0) * 100)),
    failed: byCategory((category) =>
      (report.categories[category]?.auditRefs ?? [])
        .filter(({ id, weight }) => weight > 0 && (report.audits[id]?.score ?? 1) < 1)
        .map(({ id }) => id),
    ),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    lcpMs: audit('largest-contentful-paint'),
  };
}
