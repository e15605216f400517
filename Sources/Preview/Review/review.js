// The review buttons over a check report served by `forkrender review` (ReviewRoutes). The report itself is
// the static page `check --report` wrote; this script adds, from the JSON the server put in
// <script id="forkrender-review">, Accept and Reject to each frame it offers and Accept all to each scene.
// Every decision is a POST to a fixed route naming the frame (or scene) by the id the server issued, with the
// process's token in X-Forkrender-Token; the page never names a file.
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('forkrender-review').textContent);
  var controls = {};

  function label(frame) {
    if (!frame.decision) return frame.refusal ? 'not offered: ' + frame.refusal : 'undecided';
    return frame.decision === 'accepted' ? 'accepted: reference written to ' + frame.reference : 'rejected';
  }

  function show(frame) {
    var c = controls[frame.id];
    if (!c) return;
    c.state.textContent = label(frame);
    c.box.dataset.decision = frame.decision || '';
    c.accept.disabled = !!frame.refusal || frame.decision === 'accepted';
    c.reject.disabled = frame.decision === 'accepted';
  }

  function post(route, id) {
    return fetch(route + '?id=' + encodeURIComponent(id), {
      method: 'POST', headers: { 'X-Forkrender-Token': config.token }, credentials: 'same-origin'
    }).then(function (r) {
      return r.text().then(function (text) {
        if (!r.ok) throw new Error(r.status + ': ' + text.trim());
        return JSON.parse(text);
      });
    });
  }

  function decided(answer) {
    (answer.decisions || []).forEach(function (d) {
      config.frames.forEach(function (f) {
        if (f.scene === d.scene && f.frame === d.frame) { f.decision = d.decision; show(f); }
      });
    });
    status('');
  }

  function status(text) {
    var s = document.getElementById('review-status');
    s.textContent = text;
    s.hidden = text === '';
  }

  function act(route, id) {
    post(route, id).then(decided).catch(function (e) { status('refused: ' + e.message); });
  }

  function button(text, cls, onClick) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.className = cls;
    b.addEventListener('click', onClick);
    return b;
  }

  var banner = document.createElement('div');
  banner.className = 'review-banner';
  banner.innerHTML = '<strong>Reviewing.</strong> Accept writes the frame as its reference; Reject records the decision. ' +
    'Both are kept in <code>decisions.json</code> in the report folder.';
  var statusLine = document.createElement('p');
  statusLine.id = 'review-status';
  statusLine.setAttribute('role', 'alert');
  statusLine.hidden = true;
  banner.appendChild(statusLine);
  document.querySelector('h1').after(banner);

  var firstOfScene = {};
  config.frames.forEach(function (f) {
    var section = document.getElementById(f.anchor);
    if (!section) return;
    if (!(f.sceneId in firstOfScene)) firstOfScene[f.sceneId] = section;
    var box = document.createElement('div');
    box.className = 'review';
    var c = {
      box: box,
      accept: button('Accept', 'accept', function () { act('/accept', f.id); }),
      reject: button('Reject', 'reject', function () { act('/reject', f.id); }),
      state: document.createElement('span')
    };
    c.state.className = 'decision';
    box.append(c.accept, c.reject, c.state);
    section.querySelector('h2').after(box);
    controls[f.id] = c;
    show(f);
  });
  config.scenes.forEach(function (s) {
    var before = firstOfScene[s.id];
    if (!before || s.offered === 0) return;
    var bar = document.createElement('div');
    bar.className = 'review-scene';
    bar.dataset.scene = s.name;
    bar.append(button('Accept all ' + s.offered + ' of ' + s.name, 'accept-all', function () { act('/accept-scene', s.id); }));
    before.before(bar);
  });
})();
