#pragma once
// What the window says to a screen reader, and when (announcer.h says how): each epoch's result,
// the end of a run with its accuracy, a divergence (as an alert), the Step view's stage when it
// changes, the Draw view's answer after each stroke, a lesson's new step and a revealed answer.

namespace bplab {

class Announcer;
class MainWindow;

/** Connects the window's changes to `announcer` (both outlive the connections). */
void announceChanges(MainWindow *window, Announcer *announcer);

} // namespace bplab
