import { Fragment } from 'react';
import { SNIPPET_END, SNIPPET_START } from '@portal/contracts/learning';
import classes from './content-body.module.css';

/**
 * An item's body: HTML the server sanitised when it was saved (modules/learning/markdown.ts allows text structure
 * only: no script, handler, style, frame or foreign URL scheme survives), so it is set as HTML here.
 */
export function ContentBody({ html, lang }: { html: string; lang: string }) {
  return <div className={classes.body} lang={lang} dir="auto" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A search snippet: the server marks matches between « and »; they become <mark>, the rest stays text. */
export function Snippet({ text }: { text: string }) {
  const parts = text.split(new RegExp(`(${SNIPPET_START}[^${SNIPPET_END}]*${SNIPPET_END})`, 'u'));
  return (
    <>
      {parts.map((part, index) =>
        part.startsWith(SNIPPET_START) && part.endsWith(SNIPPET_END) ? (
          <mark key={index} className={classes.mark}>
            {part.slice(1, -1)}
          </mark>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export const noPrintClass = classes.noPrint;
