"""What the page tests share: the site served on loopback, headless Chromium laid out at
390×844, checks printed one a line, and the program's own answers to compare with.

Each test is run as `python3 tests/web/page_X_test.py SITE_DIR` (ctest: label web), where
SITE_DIR is `make web`'s build-web/site/. QIANMJ names the program (ctest passes the one it
built; default build/cli/qianmj): what the page shows must be what the program prints for
the same request, so the expected texts come from it, never from a copy in the test.
"""

import functools
import http.server
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By  # noqa: F401 (for the tests)
except ImportError:  # a python3 without Debian's python3-selenium: the system one has it
    if sys.executable != '/usr/bin/python3' and os.path.exists('/usr/bin/python3'):
        os.execv('/usr/bin/python3', ['/usr/bin/python3'] + sys.argv)
    raise

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHOTS = os.environ.get('QIANMJ_SHOTS', os.path.join(tempfile.gettempdir(), 'shots'))
WIDTH, HEIGHT = 390, 844

failures = []


def check(name, ok, detail=''):
    """One line a check: ok or FAIL (with what was wrong)."""
    print(f"{'ok  ' if ok else 'FAIL'} {name}" + ('' if ok or not detail else f'\n      {detail}'),
          flush=True)
    if not ok:
        failures.append(name)
    return ok


def finish():
    """The exit status: 0 when every check passed."""
    print('PASS' if not failures else f'FAIL: {len(failures)} of the checks above', flush=True)
    return 1 if failures else 0


def site_dir():
    if len(sys.argv) != 2 or not os.path.isfile(os.path.join(sys.argv[1], 'index.html')):
        print(f'usage: {os.path.basename(sys.argv[0])} SITE_DIR (make web: build-web/site)',
              file=sys.stderr)
        sys.exit(2)
    return os.path.abspath(sys.argv[1])


def _run(args, stdin):
    program = os.environ.get('QIANMJ', os.path.join(ROOT, 'build', 'cli', 'qianmj'))
    return subprocess.run([program, *args], input=stdin.encode(), capture_output=True,
                          env=dict(os.environ, LANG='C.UTF-8', COLUMNS='200'))


def cli(*args, stdin=''):
    """The program's standard output for `args` (and `stdin`), as the page must show it."""
    return _run(args, stdin).stdout.decode()


def cli_error(*args, stdin=''):
    """The program's error for `args` as (code, message): its standard error's first line,
    `qianmj: [第 N 行：]错误 [CODE] [第 N 列]：MESSAGE` (the page words where it is its own way)."""
    return error_parts(_run(args, stdin).stderr.decode().split('\n')[0])


def error_parts(line):
    """(code, message) of an error line as the program or the page writes it: the code in
    brackets, the message after the first colon (：or :) that follows the code."""
    m = re.search(r'\[([a-z_]+)\][^：:]*[：:]\s*(.*)', line or '')
    return (m.group(1), m.group(2)) if m else (None, line)


class Server:
    """The site on 127.0.0.1 at a free port, as a static host serves it; stop() takes it
    down (the page must then go on from its service worker)."""

    def __init__(self, site):
        class Handler(http.server.SimpleHTTPRequestHandler):
            extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map)
            extensions_map.update({'.wasm': 'application/wasm', '.js': 'text/javascript',
                                   '.webmanifest': 'application/manifest+json',
                                   '.svg': 'image/svg+xml'})
            requests = []
            sent = []  # (path, status) of every response

            def log_message(self, *args):
                pass

            def do_GET(self):
                Handler.requests.append(self.path)
                super().do_GET()

            def send_response(self, code, message=None):
                Handler.sent.append((self.path, code))
                super().send_response(code, message)

        self.handler = Handler
        self.httpd = http.server.ThreadingHTTPServer(('127.0.0.1', 0),
                                                     functools.partial(Handler, directory=site))
        self.httpd.daemon_threads = True
        self.origin = f'http://127.0.0.1:{self.httpd.server_address[1]}'
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def requests(self):
        return self.handler.requests

    @property
    def sent(self):
        return self.handler.sent

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def browser(downloads=None, font_size=None):
    """Debian's headless Chromium through chromedriver, laid out at 390×844 (headless
    Chromium keeps a window at least 500 px wide: the layout is set to the phone's);
    `font_size`: the browser's default font size in px (16 unless said)."""
    opts = webdriver.ChromeOptions()
    for a in ('--headless=new', f'--window-size={WIDTH},{HEIGHT}', '--no-sandbox',
              '--disable-dev-shm-usage', '--lang=zh-CN'):
        opts.add_argument(a)
    if os.path.exists('/usr/bin/chromium'):
        opts.binary_location = '/usr/bin/chromium'
    opts.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
    prefs = {}
    if downloads:
        prefs.update({'download.default_directory': downloads, 'download.prompt_for_download': False})
    if font_size:
        prefs.update({'webkit.webprefs.default_font_size': font_size})
    if prefs:
        opts.add_experimental_option('prefs', prefs)
    service = Service(executable_path='/usr/bin/chromedriver') \
        if os.path.exists('/usr/bin/chromedriver') else None  # (webdriver.ChromeService: 4.10+)
    d = webdriver.Chrome(options=opts, service=service) if service else webdriver.Chrome(options=opts)
    d.set_script_timeout(300)
    d.execute_cdp_cmd('Emulation.setDeviceMetricsOverride',
                      {'width': WIDTH, 'height': HEIGHT, 'deviceScaleFactor': 1, 'mobile': False})
    if downloads:
        d.execute_cdp_cmd('Browser.setDownloadBehavior',
                          {'behavior': 'allow', 'downloadPath': downloads})
    return d


def wait_for(d, script, timeout=20.0, *args):
    """The first truthy value of `script` within `timeout` seconds, or None."""
    end = time.time() + timeout
    while time.time() < end:
        try:
            v = d.execute_script(script, *args)
            if v:
                return v
        except Exception:  # the page is (re)loading
            pass
        time.sleep(0.05)
    return None


def console_errors(d):
    """The browser console's errors since the last call (a failed fetch counts)."""
    return [e['message'] for e in d.get_log('browser') if e.get('level') == 'SEVERE']


def no_hscroll(d, where):
    w = d.execute_script('return [document.documentElement.scrollWidth, window.innerWidth]')
    return check(f'{where}: no horizontal scroll ({w[0]} <= {w[1]})', w[0] <= w[1])


def foreign_requests(d, origin):
    """Every resource the page asked for that is not of its own origin."""
    urls = d.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
        ".concat(performance.getEntriesByType('navigation').map(e => e.name))")
    return [u for u in urls if not (u.startswith(origin + '/') or u == origin)]


def shot(d, name, at=None, full=False):
    """SHOTS/name.png of the page from its top, or with the element `at` (a CSS selector)
    scrolled to the top; `full`: the whole height of the page (name-full.png besides)."""
    os.makedirs(SHOTS, exist_ok=True)
    if at:
        d.execute_script('document.querySelector(arguments[0]).scrollIntoView({block: "start"})', at)
    else:
        d.execute_script('window.scrollTo(0, 0)')
    time.sleep(0.1)
    d.save_screenshot(os.path.join(SHOTS, name + '.png'))
    if full:
        h = d.execute_script('return document.documentElement.scrollHeight')
        d.execute_cdp_cmd('Emulation.setDeviceMetricsOverride',
                          {'width': WIDTH, 'height': min(max(h, HEIGHT), 4000),
                           'deviceScaleFactor': 1, 'mobile': False})
        time.sleep(0.2)
        d.save_screenshot(os.path.join(SHOTS, name + '-full.png'))
        d.execute_cdp_cmd('Emulation.setDeviceMetricsOverride',
                          {'width': WIDTH, 'height': HEIGHT, 'deviceScaleFactor': 1, 'mobile': False})
        time.sleep(0.1)
