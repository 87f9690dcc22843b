import type { Plugin } from 'vite';

/**
 * React Aria under Preact (docs/adr/0032): two places of react-aria's build assume React, given
 * what Preact needs at build time. The build fails if either file no longer reads as expected (an
 * upgrade of react-aria changed it): the patch is then to be checked again, never silently skipped.
 *
 * - Collections (ComboBox, Select, Menu, Tabs, ListBox) render their items through a portal into a
 *   fake DOM of their own (private/collections/Document), which offers `createElement` and
 *   `removeChild`; Preact creates elements with `ownerDocument.createElementNS` and unmounts them
 *   with `node.remove()`. The fake DOM gets those two, in terms of the ones it has (upstream:
 *   preactjs/preact#4539; a fallback in Preact was declined, #5162).
 * - Keyboard handlers (private/interactions/createEventHandler, behind useKeyboard) copy the event
 *   with `{...event}` and read `key` and the modifier keys off the copy. React's synthetic events
 *   carry them as own properties; Preact hands over the browser's KeyboardEvent, whose fields are
 *   getters on its prototype, so the copy had none: Escape closed no list or dialog, Enter after it
 *   searched nothing. The copy gets the keyboard event's fields, read from the event.
 *
 * And one for speed, not for Preact: useCollator (behind useFilter, ComboBox, Select and every
 * list's typeahead) makes its `Intl.Collator` as the component first renders, and the first one
 * of a page costs Chromium 20–90 ms of loading collation data — inside the hydration of the search
 * page, whose suggestions are the server's and are never compared. The collator is made when it
 * first compares (a key typed in a list), with the same locale and options.
 */
interface FilePatch {
  file: RegExp;
  edits: { find: RegExp; replace: string }[];
}

const KEYBOARD_FIELDS = [
  'type',
  'key',
  'code',
  'keyCode',
  'charCode',
  'which',
  'location',
  'repeat',
  'isComposing',
  'shiftKey',
  'ctrlKey',
  'altKey',
  'metaKey',
  'target',
  'currentTarget',
  'defaultPrevented',
  'timeStamp',
];

const PATCHES: FilePatch[] = [
  {
    file: /[\\/]react-aria[\\/]dist[\\/]private[\\/]collections[\\/]Document\.m?js$/,
    edits: [
      {
        find: /\n(\s+)removeChild\(child\) \{/,
        replace: '\n$1remove() { this.parentNode?.removeChild(this); }\n$1removeChild(child) {',
      },
      {
        find: /\n(\s+)createElement\(type\) \{/,
        replace:
          '\n$1createElementNS(_namespace, type) { return this.createElement(type); }\n$1createElement(type) {',
      },
    ],
  },
  {
    file: /[\\/]react-aria[\\/]dist[\\/]private[\\/]interactions[\\/]createEventHandler\.m?js$/,
    edits: [
      {
        find: /\n(\s+)\.\.\.e,\n/,
        replace: `\n$1...e,\n$1...Object.fromEntries(${JSON.stringify(KEYBOARD_FIELDS)}.map((field) => [field, e[field]])),\n`,
      },
    ],
  },
  {
    file: /[\\/]react-aria[\\/]dist[\\/]private[\\/]i18n[\\/]useCollator\.m?js$/,
    edits: [
      {
        find: /let formatter = new Intl\.Collator\(locale, options\);/,
        replace: [
          'let made;',
          'let make = () => made ??= new Intl.Collator(locale, options);',
          'let formatter = { compare: (a, b) => make().compare(a, b), resolvedOptions: () => make().resolvedOptions() };',
        ].join(' '),
      },
    ],
  },
];

/** The file's code with Preact's needs added; it throws if an edit finds nothing to change. */
export function patchReactAria(id: string, code: string): string | undefined {
  const patch = PATCHES.find(({ file }) => file.test(id.split('?', 1)[0] ?? id));
  if (!patch) return undefined;
  return patch.edits.reduce((patched, { find, replace }) => {
    if (!find.test(patched))
      throw new Error(
        `react-aria-preact: ${id} changed (${String(find)} not found); check docs/adr/0032 again`,
      );
    return patched.replace(find, replace);
  }, code);
}

export function reactAriaPreact(): Plugin {
  return {
    name: 'antenne:react-aria-preact',
    enforce: 'pre',
    transform(code, id) {
      const patched = patchReactAria(id, code);
      return patched === undefined ? null : { code: patched, map: null };
    },
  };
}
