/**
 * The editor's actions on an article readers see: 暂存修改 keeps the edits on the server without
 * touching the live page, 放弃修改 forgets them, 撤下 makes the article a draft again. (更新 is a
 * publishing save, in articleEditor.ts.)
 */
import { call } from '../client/api';
import { WRITING_DROP_PENDING_EDIT, WRITING_SAVE_PENDING_EDIT, WRITING_WITHDRAW_ARTICLE } from '../contract/routes';
import { writingText } from '../i18n/writing.zh-CN';
import { draftOf, fieldProblems, sameDraft } from '../lib/browser/writingDraft';
import { $editor, changeDraft, forgetLocal, isDirty, showArticle, showRefusal } from './articleEditor';
import { publishingStarted } from './publishStatus';
import { showToast } from './toast';

/** 暂存修改: answers whether the server holds the form now. */
export async function savePendingEdit(): Promise<boolean> {
  const state = $editor.get();
  if (state.saving || state.id === null || state.revision === null) return false;
  const problems = fieldProblems(state.draft);
  if (Object.keys(problems).length) {
    $editor.set({ ...state, problems, refusal: '' });
    return false;
  }
  $editor.set({ ...state, saving: true, refusal: '' });
  const sent = state.draft;
  try {
    const saved = (await call(WRITING_SAVE_PENDING_EDIT, { id: state.id, ...sent, base_revision: state.revision }))
      .result!;
    // What was typed while the save was on its way stays in the form (and in this browser's storage).
    const typedSince = !sameDraft($editor.get().draft, sent);
    const kept = saved.pending ? saved.pending.fields : draftOf(saved);
    $editor.set({
      ...$editor.get(),
      status: saved.status,
      pending: saved.pending,
      saved: kept,
      saving: false,
      conflict: null,
    });
    forgetLocal(state.id);
    if (typedSince) changeDraft({});
    showToast(writingText.pendingSaved);
    return true;
  } catch (error) {
    showRefusal(error);
    return false;
  }
}

/** 放弃修改: the live version comes back into the form. */
export async function dropPendingEdit(): Promise<void> {
  const { id, saving } = $editor.get();
  if (id === null || saving) return;
  try {
    showArticle((await call(WRITING_DROP_PENDING_EDIT, { id })).result!);
    forgetLocal(id);
    showToast(writingText.pendingDropped);
  } catch (error) {
    showRefusal(error);
  }
}

/**
 * 撤下, after the owner confirmed: what is typed is kept first (暂存修改), so the draft it becomes
 * holds it; then the article is a draft, and the site is built without it.
 */
export async function withdrawArticle(): Promise<void> {
  if ($editor.get().id === null) return;
  if (isDirty() && !(await savePendingEdit())) return;
  const state = $editor.get();
  $editor.set({ ...state, saving: true, refusal: '' });
  try {
    showArticle((await call(WRITING_WITHDRAW_ARTICLE, { id: state.id! })).result!);
    forgetLocal(state.id);
    showToast(writingText.withdrawn);
    publishingStarted();
  } catch (error) {
    showRefusal(error);
  }
}
