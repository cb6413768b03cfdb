import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { adminText } from '../../i18n/admin.zh-CN';
import { commentTable, messageTable, type ModerationKind } from '../../stores/admin';
import { useHydrated } from '../shared/useHydrated';
import CommentRulesForm from './CommentRulesForm';
import ModerationTable from './ModerationTable';
import ProblemLine from './ProblemLine';
import styles from './Admin.module.scss';

const text = adminText;
type Tab = ModerationKind | 'rules';
const TABS: [Tab, string][] = [
  ['comment', text.commentsTab],
  ['message', text.messagesTab],
  ['rules', text.rules.title],
];
const TABLES = { comment: commentTable, message: messageTable };

/**
 * /admin/moderation: comments (with their approval) and message-board posts, each in a tab, to
 * hide, show again or delete; the comment rules in a tab of their own, where the owner sees them.
 */
export default function ModerationScreen() {
  const hydrated = useHydrated();
  const [tab, setTab] = useState<Tab>('comment');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();

  // Each tab's list is read afresh when it is shown, with the keyword it had.
  useEffect(() => {
    if (tab === 'rules') return;
    const table = TABLES[tab];
    void table.open(table.$list.get().filter);
  }, [tab]);

  if (!hydrated)
    return (
      <p className={styles.quiet} aria-busy="true">
        {text.loading}
      </p>
    );

  // The tabs are one stop for Tab; the arrow keys, Home and End move between them.
  const onKey = (e: KeyboardEvent, index: number) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const wrapped = (next + TABS.length) % TABS.length;
    setTab(TABS[wrapped][0]);
    tabs.current[wrapped]?.focus();
  };

  return (
    <div className={styles.screen}>
      <ProblemLine />
      <div role="tablist" aria-label={text.tabs} className={styles.tabs}>
        {TABS.map(([kind, label], index) => (
          <button
            key={kind}
            ref={(el) => void (tabs.current[index] = el)}
            type="button"
            role="tab"
            id={`${id}-${kind}-tab`}
            aria-selected={tab === kind}
            aria-controls={tab === kind ? `${id}-panel` : undefined}
            tabIndex={tab === kind ? 0 : -1}
            onClick={() => setTab(kind)}
            onKeyDown={(e) => onKey(e, index)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}-tab`} className={styles.screen}>
        {tab === 'rules' ? <CommentRulesForm /> : <ModerationTable key={tab} kind={tab} />}
      </div>
    </div>
  );
}
