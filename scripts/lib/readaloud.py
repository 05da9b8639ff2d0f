"""What a screen reader reads of Backprop Lab: finds the app on the accessibility bus (AT-SPI),
presses Start through its accessible action as a screen-reader user would, waits, then prints
every object on screen with its role, name and description, each table's size and first row, and
every value; the last line counts the objects a screen reader would meet without a name.
With EVENTS=1 it first prints what the app announced while it waited: each name change of a
notification or alert and each object shown (the events a screen reader speaks), with its time;
NEXT=N also presses "Next stage" (Step through) N times through its action, one a second.
Run by scripts/read-aloud under Xvfb and a private D-Bus session; needs Debian's python3-pyatspi."""
import os
import sys
import time

import pyatspi

# Containers and decoration: a screen reader passes them without reading a name.
QUIET_ROLES = {"filler", "panel", "scroll pane", "viewport", "layered pane", "page tab list", "menu bar",
               "separator", "tool bar", "split pane", "page tab", "unknown", "frame", "window", "section",
               "grouping", "redundant object", "scroll bar", "alert", "notification", "status bar"}


def find_app(timeout_s=30):
    end = time.time() + timeout_s
    while time.time() < end:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            a = desktop.getChildAtIndex(i)
            if a is not None and a.name and "backprop" in a.name.lower():
                return a
        time.sleep(0.5)
    return None


def find(o, role, name):
    try:
        if o.getRoleName() == role and o.name == name:
            return o
        children = [o.getChildAtIndex(i) for i in range(o.childCount)]
    except Exception:
        return None
    for c in children:
        if c is not None and (hit := find(c, role, name)):
            return hit
    return None


def walk(o, depth, out, unnamed):
    try:
        role, name, desc = o.getRoleName(), o.name or "", o.description or ""
        showing = o.getState().contains(pyatspi.STATE_SHOWING)
        children = [o.getChildAtIndex(i) for i in range(o.childCount)]
    except Exception:
        return
    if showing:
        extra = ""
        try:
            t = o.queryTable()
            extra = f" [table {t.nRows}x{t.nColumns}"
            if t.nRows and t.nColumns:
                extra += " first row: " + " | ".join(
                    (t.getAccessibleAt(0, c).name if t.getAccessibleAt(0, c) else "?") for c in range(t.nColumns))
            extra += "]"
        except NotImplementedError:
            pass
        try:
            extra += f" [value {o.queryValue().currentValue:g}]"
        except NotImplementedError:
            pass
        if role not in QUIET_ROLES and role != "table cell" or name:
            out.append(f"{'  ' * min(depth, 8)}{role}: {name!r}" + (f" - {desc!r}" if desc else "") + extra)
        if not name and role not in QUIET_ROLES:
            unnamed.append(f"{role} (depth {depth})")
    for c in children:
        if c is not None:
            walk(c, depth + 1, out, unnamed)


def listen(app, wait_s):
    """Prints the announcements (name changes of notifications and alerts, objects shown) of the
    next wait_s seconds, each with its time since the start, then how many came per second."""
    from gi.repository import GLib
    began = time.time()
    heard = []

    def on_event(e):
        try:
            src = e.source
            if src.getApplication() != app:
                return
            role, name = src.getRoleName(), src.name or ""
        except Exception:
            return
        if role not in ("notification", "alert") or not name:
            return
        if heard and heard[-1][1:] == (role, name):
            return  # the same text again (shown and renamed in one step)
        heard.append((time.time() - began, role, name))
        print(f"  {heard[-1][0]:6.2f} s  {role}: {name}", flush=True)

    print("announcements:", flush=True)
    kinds = ["object:property-change:accessible-name", "object:state-changed:showing"]
    pyatspi.Registry.registerEventListener(on_event, *kinds)
    GLib.timeout_add(int(wait_s * 1000), pyatspi.Registry.stop)
    presses = int(os.environ.get("NEXT", "0"))
    if presses:
        nxt = find(app, "push button", "Next stage")

        def press():
            nonlocal presses
            if nxt is None or presses <= 0:
                return False
            presses -= 1
            print(f"  {time.time() - began:6.2f} s  (Next stage pressed)", flush=True)
            nxt.queryAction().doAction(0)
            return presses > 0

        def start_pressing():
            GLib.timeout_add(1000, press)
            return False  # once
        GLib.timeout_add(3000, start_pressing)
    pyatspi.Registry.start()
    pyatspi.Registry.deregisterEventListener(on_event, *kinds)
    per_second = {}
    for t, _, _ in heard:
        per_second[int(t)] = per_second.get(int(t), 0) + 1
    print(f"read-aloud: {len(heard)} announcements in {wait_s:g} s, at most "
          f"{max(per_second.values(), default=0)} in one second")


def main():
    wait_s = float(sys.argv[1]) if len(sys.argv) > 1 else 15
    app = find_app()
    if app is None:
        print("read-aloud: the app is not on the accessibility bus")
        return 1
    start = find(app, "push button", "Start")
    if start is not None:
        start.queryAction().doAction(0)
    if os.environ.get("EVENTS") == "1":
        listen(app, wait_s)
    else:
        time.sleep(wait_s)
    out, unnamed = [], []
    walk(app, 0, out, unnamed)
    print("\n".join(out))
    print(f"read-aloud: {len(out)} objects read; {len(unnamed)} without a name: {', '.join(unnamed) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
