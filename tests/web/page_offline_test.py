#!/usr/bin/env python3
"""The page as an app (#39 item 6): its manifest and icons, its service worker keeping every
file of the site, no request leaving the page's origin, and then, with the server gone, the
page loading again and answering from the library, a deep link included.

Usage: python3 tests/web/page_offline_test.py SITE_DIR   (make web: build-web/site)
"""

import json
import os
import time

import pagekit as kit

# The deep link of the README, with the situation: the page must show what the program says.
HAND = '23445677p345789s'


def site_files(site):
    """Every file the site serves, as the service worker names them ('./index.html' …),
    but the worker itself."""
    out = []
    for top, _, files in os.walk(site):
        for f in files:
            rel = os.path.relpath(os.path.join(top, f), site)
            if rel != 'sw.js':
                out.append('./' + rel.replace(os.sep, '/'))
    return sorted(out)


def main():
    site = kit.site_dir()
    server = kit.Server(site)
    d = kit.browser()
    ready = "return document.body.classList.contains('ready')"
    try:
        d.get(server.origin + '/')
        kit.check('the page loads and the library is ready', kit.wait_for(d, ready) is not None)

        # The manifest: installable (a name, standalone, a start URL inside the scope, icons
        # of 192 and 512 px that the server has, of the type they say).
        manifest = json.loads(d.execute_async_script(
            "const done = arguments[0];"
            "fetch(document.querySelector('link[rel=manifest]').href)"
            ".then(r => r.text()).then(done, e => done('null'))"))
        kit.check('manifest: a name and a short name', bool(manifest and manifest.get('name')
                                                           and manifest.get('short_name')))
        kit.check('manifest: standalone, starting at ./', manifest.get('display') == 'standalone'
                  and manifest.get('start_url') == './')
        sizes = set()
        for icon in manifest.get('icons', []):
            path = os.path.join(site, icon['src'])
            kit.check(f"manifest icon {icon['src']} is in the site", os.path.isfile(path))
            if icon['type'] == 'image/png' and os.path.isfile(path):
                with open(path, 'rb') as f:
                    head = f.read(24)
                w, h = int.from_bytes(head[16:20], 'big'), int.from_bytes(head[20:24], 'big')
                kit.check(f"{icon['src']} is a PNG of {icon['sizes']}",
                          head[:8] == b'\x89PNG\r\n\x1a\n' and f'{w}x{h}' == icon['sizes'])
                sizes.add(icon['sizes'])
        kit.check('manifest: PNG icons of 192 and 512 px', {'192x192', '512x512'} <= sizes)

        # The service worker: active, in control after a reload, and every file in its cache.
        active = d.execute_async_script(
            "const done = arguments[0]; setTimeout(() => done(false), 15000);"
            "navigator.serviceWorker.ready.then(r => done(!!r.active), () => done(false))")
        kit.check('the service worker is active', active)
        for _ in range(3):
            d.refresh()
            if kit.wait_for(d, "return navigator.serviceWorker.controller !== null", 5):
                break
        kit.check('a reloaded page is controlled by the service worker',
                  d.execute_script("return navigator.serviceWorker.controller !== null"))
        cached = d.execute_async_script(
            "const done = arguments[0];"
            "(async () => { const keys = (await caches.keys()).filter(k => k.startsWith('qianmj-'));"
            "  const c = await caches.open(keys[0]);"
            "  return {keys, urls: (await c.keys()).map(r => new URL(r.url).pathname)}; })()"
            ".then(done, e => done({keys: [], urls: [String(e)]}))")
        kit.check('one cache of this version', len(cached['keys']) == 1, str(cached['keys']))
        want = {'/' + f[2:] for f in site_files(site)} | {'/'}
        missing = sorted(want - set(cached['urls']))
        kit.check(f'every file of the site is cached ({len(want)})', not missing, str(missing))

        kit.check('no request left the page', not kit.foreign_requests(d, server.origin),
                  str(kit.foreign_requests(d, server.origin)))
        errors = kit.console_errors(d)
        kit.check('no console errors online', not errors, str(errors))

        # Offline: the server is gone; the page, the library and a deep link still answer.
        d.execute_script("localStorage.setItem('qianmj:lang', '\"zh\"')")
        time.sleep(1)  # what the last reload still asks (the worker's update check) lands first
        server.stop()
        asked = list(server.requests)
        d.get('about:blank')  # a new load, not a move within the page's fragment
        d.get(f'{server.origin}/#hand={HAND}&zimo=1')
        kit.check('offline: the page loads and the library is ready',
                  kit.wait_for(d, ready) is not None)
        want_text = kit.cli('score', HAND, '--zimo', '--zh').rstrip('\n')
        got = kit.wait_for(d, "const e = document.querySelector('#score-answer');"
                              "return e && e.innerText.trim() === arguments[0] ? e.innerText : null",
                           10, want_text)
        kit.check('offline: #hand=…&zimo=1 answers as `qianmj score … --zimo --zh`',
                  got is not None and got.strip() == want_text,
                  d.execute_script("const e = document.querySelector('#score-answer');"
                                   "return e && e.innerText"))
        kit.check('offline: nothing reached the server', server.requests == asked,
                  str(server.requests[len(asked):]))
        errors = kit.console_errors(d)
        kit.check('offline: no console errors', not errors, str(errors))
        kit.shot(d, 'offline-score-zh')
    finally:
        d.quit()
    return kit.finish()


if __name__ == '__main__':
    raise SystemExit(main())
