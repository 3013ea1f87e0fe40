/**
 * The download sizes of the bench's table: the widget's first render, the whole SMS passcode flow
 * and the gate page, each as a checkout's own size-budget tests measure it in Chromium
 * (`e2e/widget-size-budget.e2e.ts`, `e2e/site-size-budget.e2e.ts`). The bench runs those tests in
 * each checkout it compares and reads the figures they attach as annotations, so "before" and
 * "after" are measured by the same kind of run, each on its own build.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The size-budget tests, relative to a checkout's root. */
const SIZE_TESTS = ['e2e/widget-size-budget.e2e.ts', 'e2e/site-size-budget.e2e.ts'] as const;

/** What one checkout downloads, in gzip bytes of JS and CSS; a figure its tests lack is absent. */
export interface PageSizes {
  /** The SMS-only widget until its phone form first shows. */
  firstRender?: number;
  /** The SMS flow, phone form to passcode screen. */
  smsFlow?: number;
  /** The invitation site's gate until the phone form. */
  gate?: number;
  /** Why no figures were measured, when none were. */
  problem?: string;
}

/** The annotation texts that carry the figures, and the figure each one gives. */
const FIGURES: ReadonlyArray<[keyof Omit<PageSizes, 'problem'>, RegExp]> = [
  ['firstRender', /^Before first render \(SMS-only config\): \d+ widget requests, (\d+) B gzip/],
  ['smsFlow', /^Through the SMS flow [^:]*: \d+ widget files, (\d+) B gzip/],
  ['gate', /^The gate until the phone form: \d+ JS and CSS files, (\d+) B gzip/],
];

/** The subset of Playwright's JSON report this reads. */
interface JsonReport {
  suites?: JsonSuite[];
}
interface JsonSuite {
  suites?: JsonSuite[];
  specs?: Array<{
    tests?: Array<{ results?: Array<{ annotations?: Array<{ description?: string }> }> }>;
  }>;
}

function annotationTexts(suites: JsonSuite[] | undefined): string[] {
  return (suites ?? []).flatMap((suite) => [
    ...annotationTexts(suite.suites),
    ...(suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? []).flatMap((test) =>
        (test.results ?? []).flatMap((result) =>
          (result.annotations ?? []).map((annotation) => annotation.description ?? ''),
        ),
      ),
    ),
  ]);
}

/** Reads the figures out of the annotation texts of a size-budget run. */
export function readPageSizes(texts: readonly string[]): PageSizes {
  const sizes: PageSizes = {};
  for (const text of texts) {
    for (const [name, pattern] of FIGURES) {
      const match = pattern.exec(text);
      if (match) sizes[name] = Number(match[1]);
    }
  }
  return sizes;
}

/**
 * Runs the size-budget tests of the checkout at `root` (which build its widget and site) and
 * returns their figures. A budget the checkout exceeds still gives its figure: the tests attach
 * their figures before they assert.
 */
export async function measurePageSizes(root: string): Promise<PageSizes> {
  const tests = SIZE_TESTS.filter((test) => existsSync(join(root, test)));
  if (tests.length === 0) return { problem: 'no size-budget tests in this checkout' };
  const outputDir = mkdtempSync(join(tmpdir(), 'velvet-bench-sizes-'));
  const reportFile = join(outputDir, 'report.json');
  try {
    const playwright = join(root, 'node_modules', '@playwright', 'test', 'cli.js');
    const child = spawn(
      process.execPath,
      [playwright, 'test', ...tests, '--reporter=json', `--output=${join(outputDir, 'results')}`],
      {
        cwd: root,
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (!existsSync(reportFile)) {
      return { problem: `the size tests did not run (exit ${code}): ${errors.trim().slice(-400)}` };
    }
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
    const sizes = readPageSizes(annotationTexts(report.suites));
    if (sizes.firstRender === undefined && sizes.gate === undefined) {
      return { problem: `the size tests gave no figures (exit ${code})` };
    }
    return sizes;
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
}
