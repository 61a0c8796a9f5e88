/* global document, window */
// « Classique »: advances the sliders every data-interval ms (they scroll by hand without it).
document.querySelectorAll('.c-slider[data-interval]').forEach(function (s) {
  var track = s.querySelector('.c-slides'); var n = track ? track.children.length : 0; var i = 0;
  var ms = Number(s.getAttribute('data-interval')) || 2000;
  if (n < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  setInterval(function () { i = (i + 1) % n; track.scrollTo({ left: track.clientWidth * i }); }, ms);
});
