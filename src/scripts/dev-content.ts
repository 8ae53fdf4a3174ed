// Development server only (injected by src/integrations/dev-api.ts): when a
// Markdown file or a catalogue changes, the server forgets its loaded content
// and sends `nucleus:content-changed`. A page rendered from the local
// database (preview or client-database mode) refreshes that database and
// renders again in place; any other page reloads, so the new text, navigation
// and lists show without a restart.
const html = document.documentElement;

if (import.meta.hot) {
  import.meta.hot.on('nucleus:content-changed', (data: { file?: string }) => {
    console.info(`[nucleus] content changed: ${data?.file ?? 'a file'}`);
    const fromDatabase = html.dataset.documentDriven === 'true' && (html.dataset.preview === 'true' || html.dataset.renderedFrom === 'database');
    if (fromDatabase) window.dispatchEvent(new Event('nucleus:data-refresh'));
    else location.reload();
  });
}
