'use client';

import 'altcha/altcha.css';
import 'altcha/external';
import 'altcha/i18n/it';
import type {} from 'altcha/types/react';
import type { AccountTexts } from './account-texts.ts';
import styles from './account.module.css';

/** The API answers in its envelope ({ code, result }); the widget wants the challenge itself. */
async function challengeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const answer = await fetch(input, init);
  const body = (await answer.json()) as { result?: unknown };
  return new Response(JSON.stringify(body.result ?? null), { status: answer.status, headers: { 'content-type': 'application/json' } });
}

let configured = false;
/** Once per page: the solver worker and the widget's texts in the shop's words. */
function configureAltcha(texts: AccountTexts) {
  if (configured) return;
  configured = true;
  $altcha.algorithms.set('PBKDF2/SHA-256', () => new Worker(new URL('./challenge-worker.ts', import.meta.url), { type: 'module' }));
  $altcha.i18n.set('it', { ...$altcha.i18n.get('it'), label: texts['challenge.label']! });
  $altcha.defaults.set({ challenge: '/api/user/challenge', fetch: challengeFetch, language: 'it', hideFooter: true, hideLogo: true });
}

/**
 * The "I'm not a robot" proof of work (ALTCHA, issue #43), shown in the sign-in and registration
 * forms once the shop asks for it: a checkbox named by its label, ticked with the space bar; the
 * browser solves the shop's own challenge (no third party) and the widget puts the solution in the
 * form's hidden `altcha` field. Remounted (new key) after each use: a solution is good once.
 */
export default function ChallengeWidget({ texts }: { texts: AccountTexts }) {
  configureAltcha(texts);
  return (
    <div className={styles.field}>
      <altcha-widget name="altcha" language="it" auto="off" />
      <span className={styles.hint}>
        {texts['challenge.hint']}
      </span>
    </div>
  );
}
