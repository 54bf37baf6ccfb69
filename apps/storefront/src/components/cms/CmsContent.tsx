import styles from './cms.module.css';

/**
 * HTML of a CMS page or block. Only ever pass `content` read from the API's CMS endpoint
 * (lib/api/cms.ts), which sanitises it with an allow-list; nothing else is rendered as HTML.
 */
export function CmsContent({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `${styles.content} ${className}` : styles.content} dangerouslySetInnerHTML={{ __html: html }} />;
}
