// The reader's language: what they chose on the switch, else French when the browser asks for
// it first, else English. Words live next to each other in the code (`tr('Revanche', 'Rematch')`)
// so that no sentence exists in one language only.
const KEY = 'tapis.lang';

function initial() {
  const chosen = localStorage.getItem(KEY);
  if (chosen === 'fr' || chosen === 'en') return chosen;
  const asked = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
  return asked.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

let current = initial();
document.documentElement.lang = current;

export function lang() {
  return current;
}

export function setLang(next) {
  current = next;
  localStorage.setItem(KEY, next);
  document.documentElement.lang = next;
}

export function tr(fr, en) {
  return current === 'fr' ? french(fr) : en;
}

/// French typography: a non-breaking space before « : ; ! ? » and inside guillemets, so that a
/// line never starts with a colon.
export function french(text) {
  return String(text).replace(/ ([:;!?»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
}

/// French « de » before a name, elided before a vowel with or without its accent, or an h, as the
/// server's words are (« d’Oncle Paul », « d’Émile », « d’Hugo », « de Blaise »): a name reads the
/// same in the page's sentences and in the journal's.
export function de(name) {
  const text = String(name);
  return /^[aeiouyhœæ]/i.test(text.normalize('NFD')) ? `d’${text}` : `de ${text}`;
}

/// A number as people write it, with the minus sign rather than a hyphen: « −14 ».
export function number(n) {
  return n < 0 ? `\u2212${-n}` : String(n);
}

/// A change of score: « +3 », « −2 », « 0 ».
export function signed(n) {
  return n > 0 ? `+${n}` : number(n);
}

/// "1 carte", "2 cartes": French counts 0 and 1 as singular, English only 1.
export function count(n, frOne, frMany, enOne, enMany) {
  if (current === 'fr') return `${n} ${n <= 1 ? frOne : frMany}`;
  return `${n} ${n === 1 ? enOne : enMany}`;
}
