#!/usr/bin/python3
"""The classroom page in a real browser: Debian's chromium, headless, driven by its driver.

Starts backprop-lab --classroom 0 on the loopback address (offscreen), refuses a wrong code on the
page, joins with the right one, draws a 3 with pointer events on the canvas, sends it, reads the
network's answer on the page and checks that the app's Class view shows the drawing with the same
answer (the session's line "classroom: drawing N answer D P%", then the mosaic's own line
"classroom: class view shows drawing N: D (P %), NICK" once the cell is made). Then draws a 1 with the keyboard alone
and reads what a screen reader is told, and opens the page in a browser that prefers German. Skipped (exit 77) without chromium,
its driver or selenium. Screenshots of the page (phone-sized and desktop) go to $BPLAB_CLASSROOM_SHOTS
when it is set.

Usage: tst_classroompage.py APP [DATA_DIR]   (DATA_DIR: an IDX folder; a tiny one is made without it)
"""
import gzip
import os
import queue
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time

SKIP = 77


def skip(why):
    print("SKIP: " + why + " (apt-get install python3-selenium chromium chromium-driver; scripts/test installs them)")
    sys.exit(SKIP)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    skip("python3-selenium is not installed")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
if not os.path.exists(CHROMIUM) or not os.path.exists(DRIVER):
    skip("chromium or chromium-driver is not installed")

# A 3 in the canvas's fractions (0-1): the upper bow, the middle, the lower bow.
THREE = [(0.30, 0.22), (0.42, 0.15), (0.58, 0.15), (0.68, 0.24), (0.66, 0.36), (0.55, 0.45), (0.45, 0.48),
         (0.57, 0.50), (0.69, 0.60), (0.70, 0.72), (0.60, 0.83), (0.45, 0.86), (0.30, 0.80)]


def write_idx(folder):
    """A tiny IDX data set (40 training, 20 test images of bars): enough for the app to make weights."""
    def images(path, n):
        data = bytearray()
        for i in range(n):
            img = bytearray(28 * 28)
            col = 6 + (i * 3) % 16
            for r in range(4, 24):
                img[r * 28 + col] = 255
            data += img
        with gzip.open(path, "wb") as f:
            f.write(struct.pack(">IIII", 0x803, n, 28, 28) + bytes(data))

    def labels(path, n):
        with gzip.open(path, "wb") as f:
            f.write(struct.pack(">II", 0x801, n) + bytes(i % 10 for i in range(n)))
    images(os.path.join(folder, "train-images-idx3-ubyte.gz"), 40)
    labels(os.path.join(folder, "train-labels-idx1-ubyte.gz"), 40)
    images(os.path.join(folder, "t10k-images-idx3-ubyte.gz"), 20)
    labels(os.path.join(folder, "t10k-labels-idx1-ubyte.gz"), 20)


class App:
    """backprop-lab with the classroom on, its standard output read line by line."""

    def __init__(self, app, data, home):
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=home, XDG_DATA_HOME=home,
                   HOME=home)
        self.proc = subprocess.Popen([app, "--classroom", "0", "--data", data, "--view", "draw"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, pattern, seconds):
        end = time.time() + seconds
        while time.time() < end:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                if self.proc.poll() is not None:
                    raise AssertionError("the app exited (%d): %s" % (self.proc.returncode, self.proc.stderr.read()))
                continue
            m = re.search(pattern, line)
            if m:
                return m
        raise AssertionError("no line matching %r within %d s" % (pattern, seconds))

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def browser(size, language=None):
    o = webdriver.ChromeOptions()
    if language:
        o.add_argument("--lang=" + language)
        o.add_experimental_option("prefs", {"intl.accept_languages": language})
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=%d,%d" % size,
              "--no-first-run", "--disable-background-networking", "--disable-component-update",
              "--disable-sync", "--disable-default-apps", "--disable-extensions"):
        o.add_argument(a)
    o.binary_location = CHROMIUM
    return webdriver.Chrome(service=Service(DRIVER), options=o)


def draw_three(drv, touch):
    canvas = drv.find_element(By.ID, "canvas")
    # Pointer actions take viewport coordinates: the canvas in view, then its box there.
    box = drv.execute_script("arguments[0].scrollIntoView({block: 'center'});"
                             "const r = arguments[0].getBoundingClientRect();"
                             "return {x: r.left, y: r.top, width: r.width, height: r.height};", canvas)
    pts = [(int(box["x"] + fx * box["width"]), int(box["y"] + fy * box["height"])) for fx, fy in THREE]
    kind = interaction.POINTER_TOUCH if touch else interaction.POINTER_MOUSE
    actions = ActionBuilder(drv, mouse=PointerInput(kind, "finger" if touch else "mouse"))
    p = actions.pointer_action
    p.move_to_location(*pts[0])
    p.pointer_down()
    for x, y in pts[1:]:
        p.move_to_location(x, y)
    p.pointer_up()
    actions.perform()


def shot(drv, name):
    folder = os.environ.get("BPLAB_CLASSROOM_SHOTS")
    if folder:
        os.makedirs(folder, exist_ok=True)
        drv.save_screenshot(os.path.join(folder, name))


def text(drv, element_id):
    return drv.find_element(By.ID, element_id).text


ANSWER_LINE = r"^classroom: drawing (\d+) answer (-?\d+) ([0-9.]+)%( label \d)?$"


def send_and_read(app, drv, says):
    """Presses Send and returns the app's answer line and the page's answer text."""
    drv.find_element(By.ID, "sendButton").click()
    line = app.wait_for(ANSWER_LINE, 10)
    WebDriverWait(drv, 10).until(lambda d: text(d, "answer").startswith(says))
    return line, text(drv, "answer")


def keyboard_one(app, drv):
    """A 1 drawn with the keys alone: the pen up top, put down, moved down, lifted; then sent."""
    drv.find_element(By.ID, "clearButton").click()
    canvas = drv.find_element(By.ID, "canvas")
    # What a screen reader meets: an application (so that the keys reach the page), its name
    # and the keys described.
    assert canvas.get_attribute("role") == "application", canvas.get_attribute("role")
    name = canvas.accessible_name
    assert "keyboard" in name.lower(), "the canvas's accessible name: %r" % name
    help_id = canvas.get_attribute("aria-describedby")
    assert "Space" in drv.find_element(By.ID, help_id).get_attribute("textContent")
    canvas.click()  # focus; the click's dot is taken back below
    canvas.send_keys(Keys.BACKSPACE)
    assert "0 strokes" in drv.find_element(By.ID, "canvasStatus").get_attribute("textContent")
    canvas.send_keys(Keys.SHIFT + Keys.ARROW_UP * 3 + Keys.NULL)
    canvas.send_keys(Keys.SPACE)
    status = drv.find_element(By.ID, "canvasStatus").get_attribute("textContent")
    assert status.startswith("Pen down at 50 % across, 20 % down"), status
    canvas.send_keys(Keys.SHIFT + Keys.ARROW_DOWN * 6 + Keys.NULL)
    canvas.send_keys(Keys.SPACE)
    status = drv.find_element(By.ID, "canvasStatus").get_attribute("textContent")
    assert status == "Pen up: 1 stroke.", status
    line, said = send_and_read(app, drv, "The network says")
    page = re.search(r"The network says (\d) ", said)
    assert page and page.group(1) == line.group(2), (said, line.group(0))
    print("drawn with the keyboard: " + said)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    app_path = sys.argv[1]
    home = tempfile.mkdtemp(prefix="bplab-classroom-")
    data = sys.argv[2] if len(sys.argv) > 2 and os.path.isdir(sys.argv[2]) else None
    if data is None:
        data = os.path.join(home, "data")
        os.makedirs(data)
        write_idx(data)
    app = App(app_path, data, home)
    drivers = []
    try:
        m = app.wait_for(r"^classroom: (http://127\.0\.0\.1:(\d+)/) code (\d{6})$", 30)
        url, code = m.group(1), m.group(3)
        wrong = "%06d" % ((int(code) + 1) % 1000000)

        # A phone in portrait: a wrong code gets only the join page.
        phone = browser((412, 860))
        drivers.append(phone)
        phone.set_page_load_timeout(20)
        phone.get(url)
        shot(phone, "page-phone-join.png")
        phone.find_element(By.ID, "code").send_keys(wrong)
        phone.find_element(By.ID, "joinButton").click()
        WebDriverWait(phone, 10).until(lambda d: "not right" in text(d, "joinStatus"))
        assert not phone.find_element(By.ID, "draw").is_displayed(), "the canvas showed after a wrong code"
        print("wrong code refused: " + text(phone, "joinStatus"))

        # The right code: the canvas appears; a 3 drawn with the finger is sent and answered.
        code_field = phone.find_element(By.ID, "code")
        code_field.clear()
        code_field.send_keys(code)
        phone.find_element(By.ID, "nick").send_keys("Ada")
        phone.find_element(By.ID, "joinButton").click()
        WebDriverWait(phone, 10).until(lambda d: d.find_element(By.ID, "draw").is_displayed())
        assert "Ada" in text(phone, "who")
        draw_three(phone, touch=True)
        answer = None
        for attempt in range(20):  # the weights appear once the app has read the data
            phone.find_element(By.ID, "sendButton").click()
            WebDriverWait(phone, 10).until(
                lambda d: text(d, "answer").startswith(("The network says", "The network has no", "No ink")))
            line = app.wait_for(ANSWER_LINE, 10)
            if int(line.group(2)) >= 0:
                answer = line
                break
            time.sleep(0.5)
        assert answer is not None, "the app never answered with weights: " + text(phone, "answer")
        page = re.search(r"The network says (\d) \(([0-9.]+) %\)", text(phone, "answer"))
        assert page, "no answer on the page: " + text(phone, "answer")
        assert page.group(1) == answer.group(2), "page says %s, the Class view %s" % (page.group(1), answer.group(2))
        assert abs(float(page.group(2)) - float(answer.group(3))) <= 0.051, (page.group(2), answer.group(3))
        # The Class view's mosaic made the drawing's cell with the same answer, and Ada's name.
        cell = app.wait_for(r"^classroom: class view shows drawing %s: (\d) \((\d+) %%\), Ada$" % answer.group(1), 10)
        assert cell.group(1) == page.group(1), "page says %s, the Class view's cell %s" % (page.group(1), cell.group(1))
        assert abs(int(cell.group(2)) - float(page.group(2))) <= 0.5 + 1e-9, (cell.group(2), page.group(2))
        rows = phone.find_elements(By.CSS_SELECTOR, "#probabilities li")
        assert len(rows) == 10, "the page shows %d probabilities" % len(rows)
        total = sum(float(re.search(r"([0-9.]+) %", r.text).group(1)) for r in rows)
        assert abs(total - 100) < 1.0, "the probabilities add up to %.1f %%" % total
        print("page and Class view agree: %s (%s %%), the cell: %s" % (page.group(1), page.group(2), cell.group(0)))
        shot(phone, "page-phone-answer.png")
        keyboard_one(app, phone)
        shot(phone, "page-phone-keyboard.png")

        # A browser that prefers German gets the page in German, and its switch gives English.
        german = browser((412, 860), "de-DE,de")
        drivers.append(german)
        german.get(url)
        assert german.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de"
        assert text(german, "joinButton") == "Beitreten", text(german, "joinButton")
        german.find_element(By.ID, "code").send_keys(wrong)
        german.find_element(By.ID, "joinButton").click()
        WebDriverWait(german, 10).until(lambda d: "stimmt nicht" in text(d, "joinStatus"))
        code_field = german.find_element(By.ID, "code")
        code_field.clear()
        code_field.send_keys(code)
        german.find_element(By.ID, "joinButton").click()
        WebDriverWait(german, 10).until(lambda d: d.find_element(By.ID, "draw").is_displayed())
        assert text(german, "sendButton") == "Senden"
        draw_three(german, touch=True)
        line, said = send_and_read(app, german, "Das Netz sagt")
        page = re.search(r"Das Netz sagt (\d) \(([0-9]+,[0-9]) %\)", said)
        assert page and page.group(1) == line.group(2), (said, line.group(0))
        shot(german, "page-phone-german.png")
        german.find_element(By.ID, "languageButton").click()
        assert text(german, "answer").startswith("The network says " + page.group(1)), text(german, "answer")
        assert german.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
        print("German page: " + said)

        # A laptop with the mouse, for the desktop picture; landscape layout.
        if os.environ.get("BPLAB_CLASSROOM_SHOTS"):
            desk = browser((1280, 800))
            drivers.append(desk)
            desk.get(url)
            desk.find_element(By.ID, "code").send_keys(code)
            desk.find_element(By.ID, "joinButton").click()
            WebDriverWait(desk, 10).until(lambda d: d.find_element(By.ID, "draw").is_displayed())
            draw_three(desk, touch=False)
            desk.find_element(By.ID, "sendButton").click()
            WebDriverWait(desk, 10).until(lambda d: text(d, "answer").startswith("The network says"))
            shot(desk, "page-desktop-answer.png")
        return 0
    finally:
        for d in drivers:
            d.quit()
        app.stop()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
