/** A copy button on every code block of an article (pages/article/[id].astro), added once per block. */
import { t } from '../i18n/zh-CN';
import { copyText } from './clipboard';
import { showToast } from './toasts';

export function addCopyButtons() {
  for (const pre of document.querySelectorAll<HTMLPreElement>('.prose pre')) {
    if (pre.parentElement?.classList.contains('code-block')) continue;
    const wrapper = document.createElement('div');
    wrapper.className = 'code-block';
    pre.replaceWith(wrapper);
    wrapper.append(pre);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-code';
    button.textContent = t.article.copy;
    button.addEventListener('click', async () => {
      const text = pre.innerText.trim();
      if (!text) showToast(t.article.copyEmpty, 'warning');
      else if (await copyText(text)) showToast(t.article.copied, 'success', { detail: text });
      else showToast(t.article.copyFailed, 'error');
    });
    wrapper.append(button);
  }
}
