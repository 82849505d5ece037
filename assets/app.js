// Intake's pages: what plain HTML cannot do on its own. Everything works without it but dropping a file
// and being told at once that a file is too large.
(() => {
  // The styles that need this script (a file input in the page's words) apply from here on.
  document.documentElement.classList.add('js');

  /** `1.5 GB`, `2 GB`, `300 MB`, `12 KB`, as the server writes sizes. */
  const size = (value) => {
    if (value >= 1024 ** 3) return `${(value / 1024 ** 3).toFixed(1).replace(/\.0$/, '')} GB`;
    if (value >= 1024 ** 2) return `${Math.round(value / 1024 ** 2)} MB`;
    return `${Math.max(1, Math.round(value / 1024))} KB`;
  };

  // A product image that cannot be loaded (a local service may have no internet) gives way to a
  // placeholder with its address. Error events do not bubble: caught on the way down, for images put
  // in the page later too (a conversation refreshed live).
  const missing = (image) => {
    image.hidden = true;
    const caption = image.parentElement?.querySelector('.image-missing');
    if (caption) caption.hidden = false;
  };
  document.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLImageElement && target.matches('[data-product-image]')) missing(target);
    },
    true,
  );

  // A page that watches its server (`data-alive` names the address to ask): when it stops answering,
  // say so at once, and load the page again as soon as it is back.
  const watch = (banner) => {
    let down = false;
    const ask = async () => {
      try {
        const answer = await fetch(banner.dataset.alive, { cache: 'no-store', credentials: 'same-origin' });
        if (!answer.ok && answer.status !== 204) throw new Error(String(answer.status));
        if (down) window.location.reload();
      } catch {
        down = true;
        banner.hidden = false;
      }
    };
    setInterval(ask, 2000);
  };

  // An image address typed: its image shown beside it, so that a wrong one is seen before it is kept.
  const preview = (input) => {
    const image = document.getElementById(input.dataset.previewFor || '');
    if (!(image instanceof HTMLImageElement)) return;
    const value = input.value.trim();
    if (!/^https?:\/\/\S+$/i.test(value)) {
      image.hidden = true;
      image.removeAttribute('src');
      return;
    }
    image.onload = () => (image.hidden = false);
    image.onerror = () => (image.hidden = true);
    image.src = value;
  };

  /** The element of this id takes the focus and is scrolled to the top of the window. */
  const focusOn = (id) => {
    const target = document.getElementById(id);
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'start' });
  };

  // Content put in place of the page's (the results, once a send is over) brings a heading to read
  // first: the element that asked for it names it (`data-focus`). Otherwise the window would be left
  // where the old content was, which for a long list of results is its end.
  document.addEventListener('htmx:afterSwap', (event) => {
    const id = event.detail?.requestConfig?.elt?.dataset?.focus;
    if (id) focusOn(id);
  });

  document.addEventListener('DOMContentLoaded', () => {
    for (const banner of document.querySelectorAll('[data-alive]')) watch(banner);
    for (const input of document.querySelectorAll('input[data-preview-for]')) {
      input.addEventListener('change', () => preview(input));
      input.addEventListener('input', () => preview(input));
    }
    for (const button of document.querySelectorAll('[data-preview-button]')) {
      button.addEventListener('click', () => {
        const input = document.getElementById(button.dataset.previewButton || '');
        if (input instanceof HTMLInputElement) preview(input);
      });
    }
    // A page opened at a heading (the progress after Send, the check after a fix): it takes the focus.
    // So does the check of a file just sent, which the page marks (its address has no heading).
    if (window.location.hash) focusOn(window.location.hash.slice(1));
    else {
      const first = document.querySelector('[data-focus-on-load][id]');
      if (first) focusOn(first.id);
    }

    for (const image of document.querySelectorAll('img[data-product-image]')) {
      if (image.complete && image.naturalWidth === 0) missing(image);
    }

    // A file input in the page's words: the chosen file's name beside its button.
    for (const picker of document.querySelectorAll('.file-picker')) {
      const input = picker.querySelector('input[type="file"]');
      const name = picker.querySelector('[data-file-name]');
      if (!input || !name) continue;
      const show = () => {
        const file = input.files && input.files[0];
        name.textContent = file ? file.name : name.dataset.none || '';
      };
      input.addEventListener('change', show);
      // A page brought back from the browser's history keeps the file chosen before.
      show();
    }

    // A drop zone: a file dropped on it goes into its file input, as if chosen.
    for (const zone of document.querySelectorAll('[data-drop]')) {
      const input = zone.querySelector('input[type="file"]');
      zone.addEventListener('dragover', (event) => {
        event.preventDefault();
        zone.classList.add('over');
      });
      zone.addEventListener('dragleave', () => zone.classList.remove('over'));
      zone.addEventListener('drop', (event) => {
        event.preventDefault();
        zone.classList.remove('over');
        if (!input || !event.dataTransfer || event.dataTransfer.files.length === 0) return;
        input.files = event.dataTransfer.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
      });
    }

    // A file over the size taken is said before it is sent (the server refuses it too).
    for (const form of document.querySelectorAll('form[data-max-bytes]')) {
      form.addEventListener('submit', (event) => {
        const max = Number(form.dataset.maxBytes);
        if (!Number.isFinite(max)) return;
        for (const input of form.querySelectorAll('input[type="file"]')) {
          const file = input.files && input.files[0];
          if (!file || file.size <= max) continue;
          event.preventDefault();
          const box = form.parentElement?.querySelector('[data-form-error]');
          if (box) {
            box.textContent = (form.dataset.tooLarge || '')
              .replace('{name}', file.name)
              .replace('{size}', size(file.size));
            box.hidden = false;
          }
          input.focus();
          return;
        }
      });
    }
  });
})();
