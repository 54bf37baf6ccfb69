import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCustom } from '@refinedev/core';
import type { AdminReview, AdminReviewDecision, AdminReviewPage, ReviewModerationStatus } from '@shop/contracts';
import { Alert, Box, Button, Link, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { api, ApiError, queryString } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { t } from '../i18n/translate.ts';
import { ActionDialog } from '../ui/ActionDialog.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { Page } from '../ui/Page.tsx';
import { Pager } from '../ui/Pager.tsx';
import { useListFilters } from '../ui/use-list-filters.ts';

const FILTERS = ['status', 'q'] as const;
const STATUSES: readonly ReviewModerationStatus[] = ['pending', 'approved', 'rejected'];
const PAGE_SIZE = 20;

/** The reason is required: said here at once, as the API would. */
function RejectDialog({ review, onClose, onDone }: { review: AdminReview; onClose: () => void; onDone: (decision: AdminReviewDecision) => void }) {
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      title={t('reviews.reject.title', { title: review.title })}
      open
      onClose={onClose}
      submitLabel={t('reviews.reject')}
      onSubmit={async () => {
        if (!reason.trim()) throw new ApiError(400, t('reviews.reject.required'));
        onDone(await api<AdminReviewDecision>('POST', `/reviews/${review.id}/reject`, { reason }));
      }}
    >
      <Typography>{t('reviews.reject.help')}</Typography>
      <TextField autoFocus required multiline minRows={2} label={t('reviews.reject.reason')} value={reason} onChange={(e) => setReason(e.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />
    </ActionDialog>
  );
}

/** One review as the product page would show it (plain text), with who wrote it, about what, and the last decision. */
function ReviewCard({ review, onApprove, onReject }: { review: AdminReview; onApprove: () => void; onReject: () => void }) {
  const headingId = `recensione-${review.id}`;
  return (
    <Paper component="article" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
        {review.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {review.product ? (
          <>
            {t('reviews.product')}{' '}
            <Link href={review.product.url} target="_blank" rel="noopener">
              {review.product.name}
            </Link>{' '}
            ({review.product.sku})
          </>
        ) : (
          t('reviews.productGone')
        )}
      </Typography>
      <Typography sx={{ mt: 1 }}>
        {review.rating === null ? (
          t('reviews.noRating')
        ) : (
          <>
            <Box component="span" aria-hidden="true" sx={{ color: '#8a5a00', letterSpacing: 1 }}>
              {'★'.repeat(review.rating)}
              {'☆'.repeat(5 - review.rating)}
            </Box>{' '}
            {t('reviews.rating', { rating: review.rating })}
          </>
        )}
      </Typography>
      <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.detail}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {t('reviews.by', { author: review.nickname, date: formatDateTime(review.createdAt) })}
        {review.customer ? (
          <>
            {' · '}
            <Link component={RouterLink} to={`/clienti/${review.customer.id}`}>
              {review.customer.email}
            </Link>
          </>
        ) : (
          ` · ${t('reviews.noAccount')}`
        )}
      </Typography>
      {review.rejectionReason && (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {t('reviews.reason', { reason: review.rejectionReason })}
        </Typography>
      )}
      {review.moderatedAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t(`reviews.moderated.${review.status}`, { date: formatDateTime(review.moderatedAt), who: review.moderatedBy ?? '' })}
        </Typography>
      )}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
        {review.status !== 'approved' && (
          <Button variant="contained" onClick={onApprove} aria-label={`${t('reviews.approve')}: ${review.title}`}>
            {t('reviews.approve')}
          </Button>
        )}
        {review.status !== 'rejected' && (
          <Button variant="outlined" color="error" onClick={onReject} aria-label={`${t('reviews.reject')}: ${review.title}`}>
            {t('reviews.reject')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Review moderation: the reviews of one status (the queue first; the tab and the search kept in
 * the address), approved at once or rejected with a reason. The decision reaches the product page at once; the
 * focus then moves to the message saying so, the review having left the list.
 */
export default function Reviews() {
  const { filters, set, page, setPage, text, setText } = useListFilters(FILTERS);
  const status: ReviewModerationStatus = STATUSES.find((s) => s === filters.status) ?? 'pending';
  const { query, result } = useCustom<AdminReviewPage>({ url: `/reviews${queryString({ status, q: filters.q, page, limit: PAGE_SIZE })}`, method: 'get' });
  const reviews = result.data?.items ?? [];
  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const [rejecting, setRejecting] = useState<AdminReview | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const decided = async (decision: AdminReviewDecision) => {
    await query.refetch();
    setNotice(t(decision.review.status === 'approved' ? 'reviews.approved' : 'reviews.rejected', { title: decision.review.title }));
    // The review left this list: the focus goes to the message rather than to the page's start.
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const approve = async (review: AdminReview) => {
    setError(null);
    setNotice(null);
    try {
      await decided(await api<AdminReviewDecision>('POST', `/reviews/${review.id}/approve`));
    } catch (problem) {
      setError(problem);
    }
  };

  return (
    <Page title={t('reviews.title')}>
      <Typography sx={{ mb: 2 }}>{t('reviews.intro')}</Typography>
      <Tabs value={status} onChange={(_event, value: string) => set('status', value === 'pending' ? '' : value)} variant="scrollable" allowScrollButtonsMobile aria-label={t('reviews.status')} sx={{ mb: 2 }}>
        {STATUSES.map((s) => (
          <Tab key={s} value={s} label={t(`reviews.status.${s}`)} />
        ))}
      </Tabs>
      <Box role="search" sx={{ mb: 2 }}>
        <TextField size="small" type="search" label={t('reviews.search')} helperText={t('reviews.searchHelp')} value={text} onChange={(e) => setText(e.target.value)} sx={{ minWidth: { sm: 360 }, width: { xs: '100%', sm: 'auto' } }} />
      </Box>
      <div ref={noticeRef} tabIndex={-1} role="status" style={{ outline: 'none' }}>
        {notice && (
          <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
      </div>
      <ErrorAlert error={error ?? query.error} />
      <Typography role="status" sx={{ mb: 1 }}>
        {query.isLoading ? t('app.loading') : t(total === 1 ? 'common.result' : 'common.results', { count: total })}
      </Typography>
      {!query.isLoading && reviews.length === 0 && <Typography>{t(`reviews.empty.${status}`)}</Typography>}
      <Stack component="section" aria-label={t(`reviews.status.${status}`)} spacing={2}>
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review} onApprove={() => void approve(review)} onReject={() => setRejecting(review)} />
        ))}
      </Stack>
      <Pager page={page} pages={pages} onPage={setPage} />
      {rejecting && (
        <RejectDialog
          review={rejecting}
          onClose={() => setRejecting(null)}
          onDone={(decision) => {
            setNotice(null);
            void decided(decision);
          }}
        />
      )}
    </Page>
  );
}
