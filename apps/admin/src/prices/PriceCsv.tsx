import { useRef, useState, type FormEvent } from 'react';
import { PRICE_CSV_COLUMNS, PRICE_CSV_IMPORT_PART, PRICE_CSV_PREVIEW_PART, type PriceCsvChange, type PriceCsvPreview, type PriceCsvProblem, type PriceCsvReport } from '@shop/contracts';
import { Box, Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TableContainer, TextField, Typography } from '@mui/material';
import { ApiError, queryString, upload } from '../api.ts';
import { t } from '../i18n/translate.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { Page } from '../ui/Page.tsx';
import { Section } from '../ui/Section.tsx';
import { inParts, mergePreviews, mergeReports, PartsStopped } from './parts.ts';

const PAGE_SIZE = 50;
const number = (n: number) => n.toLocaleString('it-IT');

/** One page at a time of a list the API answered whole (at most 1,000 problems, 200 changes). */
function usePaged<T>(items: readonly T[]) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  return { page: current, pages, setPage, shown: items.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE) };
}

/** The bad rows: line, SKU, column and the API's Italian message. */
function ProblemTable({ id, label, problems, notListed }: { id: string; label: string; problems: readonly PriceCsvProblem[]; notListed: number }) {
  const { page, pages, setPage, shown } = usePaged(problems);
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      <ListTable
        label={label}
        head={[{ label: t('prices.col.line'), align: 'right' }, { label: t('prices.col.sku') }, { label: t('prices.col.column') }, { label: t('prices.col.problem') }]}
        empty={t('prices.empty.errors')}
        loading={false}
        error={null}
        total={problems.length + notListed}
        shown={shown.length}
        page={page}
        pages={pages}
        onPage={setPage}
      >
        {shown.map((p, i) => (
          <TableRow key={`${p.line}-${p.column ?? ''}-${i}`}>
            <TableCell align="right">{p.line}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{p.sku ?? '—'}</TableCell>
            <TableCell>{p.column ? <code>{p.column}</code> : '—'}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{p.message}</TableCell>
          </TableRow>
        ))}
      </ListTable>
      {notListed > 0 && <Typography variant="body2">{t('prices.errors.more', { shown: number(problems.length), more: number(notListed) })}</Typography>}
    </Box>
  );
}

/** What the good rows change, column by column, as the file writes the values. */
function ChangeTable({ changes, total }: { changes: readonly PriceCsvChange[]; total: number }) {
  const { page, pages, setPage, shown } = usePaged(changes);
  return (
    <Box component="section" aria-labelledby="prezzi-modifiche" sx={{ mt: 2 }}>
      <Typography id="prezzi-modifiche" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('prices.changes')}
      </Typography>
      <ListTable
        label={t('prices.changes')}
        head={[{ label: t('prices.col.line'), align: 'right' }, { label: t('prices.col.sku') }, { label: t('prices.col.change') }]}
        empty={t('prices.empty.changes')}
        loading={false}
        error={null}
        total={total}
        shown={shown.length}
        page={page}
        pages={pages}
        onPage={setPage}
      >
        {shown.map((change) => (
          <TableRow key={change.line}>
            <TableCell align="right">{change.line}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{change.sku}</TableCell>
            <TableCell>
              {change.fields.map((f) => (
                <Box key={f.column} sx={{ overflowWrap: 'anywhere' }}>
                  <code>{f.column}</code>: {f.from || '—'} → {f.to || '—'}
                </Box>
              ))}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      {total > changes.length && <Typography variant="body2">{t('prices.changes.more', { shown: number(changes.length), total: number(total) })}</Typography>}
    </Box>
  );
}

/** The columns of the file and what each holds. */
function FormatTable() {
  return (
    <TableContainer tabIndex={0} aria-label={t('prices.format')}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('prices.format.column')}</TableCell>
            <TableCell>{t('prices.format.meaning')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {PRICE_CSV_COLUMNS.map((column) => (
            <TableRow key={column}>
              <TableCell>
                <code>{column}</code>
              </TableCell>
              <TableCell>{t(`prices.format.${column}`)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Prices and stock as CSV (issue #45 point 1): the export, the format, and the import in two
 * steps: the file is checked (every bad row named by line and column, what the good ones change),
 * then imported (the good rows only) and the report shown. The focus moves to each outcome. A
 * large file goes in parts (parts.ts), the progress shown.
 */
export default function PriceCsv() {
  const [skuPrefix, setSkuPrefix] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [preview, setPreview] = useState<PriceCsvPreview | null>(null);
  const [report, setReport] = useState<(PriceCsvReport & { stopped: boolean }) | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const focusOutcome = () => requestAnimationFrame(() => outcome.current?.focus());

  /** The file sent part by part to `step` (preview or import), the progress shown as it goes. */
  const send = <T extends PriceCsvPreview | PriceCsvReport>(csv: File, step: 'preview' | 'import', size: number) =>
    inParts<T>(
      size,
      (offset, limit) => upload<T>(`/products/prices/${step}${queryString({ offset, limit })}`, csv, 'text/csv'),
      (done, total) => setProgress({ done, total }),
    );
  const run = async (step: 'checking' | 'importing', work: () => Promise<void>) => {
    setBusy(step);
    setProgress(null);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
      focusOutcome();
    }
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    setReport(null);
    setPreview(null);
    if (!file) {
      setError(new ApiError(400, t('prices.import.noFile')));
      return;
    }
    void run('checking', async () => setPreview(mergePreviews(await send<PriceCsvPreview>(file, 'preview', PRICE_CSV_PREVIEW_PART))));
  };
  const confirm = () =>
    file &&
    void run('importing', async () => {
      setPreview(null);
      try {
        setReport({ stopped: false, ...mergeReports(await send<PriceCsvReport>(file, 'import', PRICE_CSV_IMPORT_PART)) });
      } catch (error) {
        // The parts before the failed one were written: their report, and the error.
        if (error instanceof PartsStopped && error.done.length > 0) setReport({ stopped: true, ...mergeReports(error.done as [PriceCsvReport, ...PriceCsvReport[]]) });
        throw error instanceof PartsStopped ? error.error : error;
      }
    });
  const startAgain = () => {
    setPreview(null);
    setReport(null);
    setFile(null);
    if (fileInput.current) {
      fileInput.current.value = '';
      fileInput.current.focus();
    }
  };

  return (
    <Page title={t('prices.title')}>
      <Typography sx={{ mb: 2 }}>{t('prices.intro')}</Typography>
      <Section title={t('prices.export')}>
        <Typography sx={{ mb: 2 }}>{t('prices.export.help')}</Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <TextField size="small" label={t('prices.export.sku')} value={skuPrefix} onChange={(e) => setSkuPrefix(e.target.value)} sx={{ minWidth: 260 }} />
          <Button component="a" variant="outlined" href={`/api/admin/products/prices.csv${queryString({ sku: skuPrefix.trim() })}`} download>
            {t('prices.export.download')}
          </Button>
        </Stack>
      </Section>
      <Section title={t('prices.format')}>
        <Typography sx={{ mb: 1 }}>{t('prices.format.help')}</Typography>
        <FormatTable />
      </Section>
      <Section title={t('prices.import')}>
        <Box component="form" onSubmit={check} noValidate>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <Box>
              <Typography component="label" htmlFor="prezzi-file" sx={{ display: 'block', fontWeight: 700 }}>
                {t('prices.import.file')}
              </Typography>
              <input
                id="prezzi-file"
                ref={fileInput}
                type="file"
                accept=".csv,text/csv"
                aria-describedby="prezzi-file-aiuto"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setPreview(null);
                  setReport(null);
                  setError(null);
                }}
              />
              <Typography id="prezzi-file-aiuto" variant="body2" color="text.secondary">
                {t('prices.import.fileHelp')}
              </Typography>
            </Box>
            <Button type="submit" variant="contained" disabled={busy !== null}>
              {t('prices.import.check')}
            </Button>
          </Stack>
        </Box>
        <div role="status">
          {busy && (
            <Typography sx={{ mt: 2 }}>
              {progress ? t(busy === 'checking' ? 'prices.checking.progress' : 'prices.importing.progress', { done: number(progress.done), total: number(progress.total) }) : t(busy === 'checking' ? 'prices.import.checking' : 'prices.importing')}
            </Typography>
          )}
        </div>
      </Section>
      {/* What came of the last step (an error, the preview, the report): the focus goes here. */}
      <div ref={outcome} tabIndex={-1} style={{ outline: 'none' }}>
        <ErrorAlert error={error} />
        {preview && (
          <Paper component="section" aria-labelledby="prezzi-anteprima" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
            <Typography id="prezzi-anteprima" component="h2" variant="h6">
              {t('prices.preview')}
            </Typography>
            <Typography role="status" sx={{ my: 1 }}>
              {t('prices.preview.summary', { rows: number(preview.rows), changing: number(preview.changing), unchanged: number(preview.unchanged), invalid: number(preview.invalid) })}
            </Typography>
            {preview.changing > 0 ? (
              <>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {t('prices.preview.confirmHelp')}
                </Typography>
                <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
                  <Button variant="contained" onClick={confirm} disabled={busy !== null}>
                    {t('prices.preview.confirm', { count: number(preview.changing) })}
                  </Button>
                  <Button onClick={startAgain} disabled={busy !== null}>
                    {t('prices.preview.cancel')}
                  </Button>
                </Stack>
              </>
            ) : (
              <Typography>{t('prices.preview.nothing')}</Typography>
            )}
            <ProblemTable id="prezzi-errori" label={t('prices.errors')} problems={preview.problems} notListed={preview.problemsNotListed} />
            <ChangeTable changes={preview.changes} total={preview.changing} />
          </Paper>
        )}
        {report && (
          <Paper component="section" aria-labelledby="prezzi-resoconto" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
            <Typography id="prezzi-resoconto" component="h2" variant="h6">
              {t(report.stopped ? 'prices.report.stopped' : 'prices.report')}
            </Typography>
            <Typography role="status" sx={{ my: 1 }}>
              {t('prices.report.summary', { written: number(report.written), unchanged: number(report.unchanged), skipped: number(report.invalid) })}
            </Typography>
            <Button variant="outlined" onClick={startAgain}>
              {t('prices.report.again')}
            </Button>
            {report.invalid > 0 && <ProblemTable id="prezzi-saltate" label={t('prices.report.skipped')} problems={report.problems} notListed={report.problemsNotListed} />}
          </Paper>
        )}
      </div>
    </Page>
  );
}
