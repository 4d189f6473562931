// The web tests' environment: jest-fixed-jsdom, with jsdom's style matching given the shortcut a
// browser takes. For every getComputedStyle (MUI's autosizing text areas, Popper, Testing
// Library's visibility checks), jsdom tries each style rule of the page on the element and on each
// of its ancestors; MUI's pages hold hundreds of rules, some with `:has()`, which the selector
// engine evaluates slowly; most of a form test's time went there. A rule cannot match an element
// that lacks a class named in the last part of each of its selectors, so such a rule is skipped
// before the engine is asked; every other rule is matched by the engine as before.
const selectors = require('jsdom/lib/jsdom/living/helpers/selectors.js');

const matches = selectors.matchesDontThrow;
const IDENTIFIER = /[\w-]/;

/**
 * For each selector of a list, the classes its element must have: those of its last compound
 * part outside brackets and parentheses (`.b` of `.a > .b:has(.c)`). Null when a selector holds an
 * escape, which the engine alone reads rightly.
 */
function requiredClasses(selector) {
  const lists = [];
  let current = [];
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i];
    if (char === '\\') return null;
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth > 0) continue;
    else if (char === ',') {
      lists.push(current);
      current = [];
    } else if (char === ' ' || char === '>' || char === '+' || char === '~' || char === '\n') {
      current = [];
    } else if (char === '.') {
      let end = i + 1;
      while (end < selector.length && IDENTIFIER.test(selector[end])) end++;
      current.push(selector.slice(i + 1, end));
      i = end - 1;
    }
  }
  lists.push(current);
  return lists;
}

const required = new Map();

selectors.matchesDontThrow = (element, selector) => {
  // At-rules such as @keyframes have no selector.
  if (typeof selector === 'string') {
    let lists = required.get(selector);
    if (lists === undefined) required.set(selector, (lists = requiredClasses(selector)));
    if (lists) {
      const own = new Set((element.getAttributeNS(null, 'class') ?? '').split(/\s+/));
      if (!lists.some((classes) => classes.every((name) => own.has(name)))) return false;
    }
  }
  return matches(element, selector);
};

module.exports = require('jest-fixed-jsdom');
