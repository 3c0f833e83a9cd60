// Runs before first paint (blocking, tiny, same origin so the CSP allows it): applies the
// stored theme, font size and contrast so the server-rendered page never flashes.
(function () {
  var root = document.documentElement;
  // With JavaScript the stored choice decides; .no-js lets the CSS follow the system without it.
  root.classList.remove('no-js');
  try {
    var theme = localStorage.getItem('theme');
    var dark = theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.toggle('dark', dark);
    var size = Number(localStorage.getItem('chapar:font-size'));
    if (size >= 80 && size <= 150 && size !== 100) root.style.fontSize = size + '%';
    if (localStorage.getItem('chapar:high-contrast') === 'true') root.classList.add('high-contrast');
  } catch {
    // Storage blocked: keep the defaults.
  }
})();
