import { PRICE_CSV_LISTED_CHANGES, PRICE_CSV_LISTED_PROBLEMS, type PriceCsvPreview, type PriceCsvReport } from '@shop/contracts';

/**
 * A large price file goes to the API in parts (offset, limit): the shop's port gives a request
 * 30 s. Each answer counts its part; the page shows them as one answer for the whole file.
 */
type Answer = PriceCsvPreview | PriceCsvReport;

const sum = <T>(answers: readonly T[], count: (answer: T) => number) => answers.reduce((total, answer) => total + count(answer), 0);

function mergeCounts<T extends Answer>(answers: readonly [T, ...T[]]) {
  const problems = answers.flatMap((a) => a.problems);
  return {
    columns: answers[0].columns,
    fileRows: answers[0].fileRows,
    rows: sum(answers, (a) => a.rows),
    invalid: sum(answers, (a) => a.invalid),
    problems: problems.slice(0, PRICE_CSV_LISTED_PROBLEMS),
    problemsNotListed: sum(answers, (a) => a.problemsNotListed) + Math.max(0, problems.length - PRICE_CSV_LISTED_PROBLEMS),
  };
}

export function mergePreviews(answers: readonly [PriceCsvPreview, ...PriceCsvPreview[]]): PriceCsvPreview {
  return {
    ...mergeCounts(answers),
    changing: sum(answers, (a) => a.changing),
    unchanged: sum(answers, (a) => a.unchanged),
    changes: answers.flatMap((a) => a.changes).slice(0, PRICE_CSV_LISTED_CHANGES),
  };
}

export function mergeReports(answers: readonly [PriceCsvReport, ...PriceCsvReport[]]): PriceCsvReport {
  return {
    ...mergeCounts(answers),
    written: sum(answers, (a) => a.written),
    unchanged: sum(answers, (a) => a.unchanged),
    batches: sum(answers, (a) => a.batches),
  };
}

/**
 * Sends the file part by part (`size` rows each) until its last row, telling `progress` the rows
 * done and the file's rows after each part. Resolves with every answer; a failed part rejects
 * with the error and the answers before it (`PartsStopped`).
 */
export async function inParts<T extends Answer>(size: number, send: (offset: number, limit: number) => Promise<T>, progress: (done: number, total: number) => void): Promise<[T, ...T[]]> {
  const answers: T[] = [];
  for (let offset = 0; ; offset += size) {
    let answer: T;
    try {
      answer = await send(offset, size);
    } catch (error) {
      throw new PartsStopped(error, answers);
    }
    answers.push(answer);
    progress(Math.min(offset + size, answer.fileRows), answer.fileRows);
    if (offset + size >= answer.fileRows) return answers as [T, ...T[]];
  }
}

/** A part failed: its error, and the answers of the parts before it (their rows were sent). */
export class PartsStopped<T> extends Error {
  constructor(
    readonly error: unknown,
    readonly done: readonly T[],
  ) {
    super(error instanceof Error ? error.message : String(error));
  }
}
