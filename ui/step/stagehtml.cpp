#include "stagehtml.h"

#include "uiformat.h"

#include <QRegularExpression>
#include <QTextDocument>

namespace bplab::html {

namespace {
QString link(const QString &shown, const QString &exact)
{
    // The link target carries the exact value; the view shows it as a tooltip on hover.
    return QStringLiteral("<a href=\"v:%1\" style=\"text-decoration:none;\">%2</a>")
        .arg(exact, shown);
}
} // namespace

// A zero shows as 0, never -0 (e.g. the gradient of a neuron ReLU switched off).
QString num(float v) { return link(formatSig4(double(v + 0.0f)), formatExact(v + 0.0f)); }
QString num(double v) { return link(formatSig4(v + 0.0), formatExact(v + 0.0)); }
QString op(float v) { return v < 0 ? QStringLiteral("(%1)").arg(num(v)) : num(v); }
QString op(double v) { return v < 0 ? QStringLiteral("(%1)").arg(num(v)) : num(v); }

QString p(const QString &text) { return QStringLiteral("<p style=\"margin-top:6px; margin-bottom:6px\">%1</p>").arg(text); }

QString note(const QString &text)
{
    return QStringLiteral("<p style=\"margin-top:4px; margin-bottom:4px\"><i>%1</i></p>").arg(text);
}

QString table(const QStringList &header, const QVector<QStringList> &rows, int highlightRow)
{
    QString t = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\" style=\"margin-top:4px; margin-bottom:4px\">");
    if (!header.isEmpty()) {
        t += QStringLiteral("<tr>");
        for (const QString &h : header)
            t += QStringLiteral("<th align=\"right\" style=\"white-space:nowrap; border-bottom:1px solid gray\">%1</th>").arg(h);
        t += QStringLiteral("</tr>");
    }
    for (int r = 0; r < rows.size(); ++r) {
        t += QStringLiteral("<tr>");
        for (const QString &c : rows[r])
            t += r == highlightRow ? QStringLiteral("<td align=\"right\" style=\"white-space:nowrap\"><b>%1</b></td>").arg(c)
                                   : QStringLiteral("<td align=\"right\" style=\"white-space:nowrap\">%1</td>").arg(c);
        t += QStringLiteral("</tr>");
    }
    return t + QStringLiteral("</table>");
}

QString sub(const QString &base, const QString &index)
{
    return QStringLiteral("%1<sub>%2</sub>").arg(base, index);
}

QString spoken(const QString &html)
{
    // Sub- and superscripts keep their meaning in plain text: x_k, e^(z_k), w^(1).
    QString marked = html;
    static const QRegularExpression subscript(QStringLiteral("<sub>(.*?)</sub>"));
    static const QRegularExpression superscript(QStringLiteral("<sup>(.*?)</sup>"));
    marked.replace(subscript, QStringLiteral("_\\1"));
    for (QRegularExpressionMatch m = superscript.match(marked); m.hasMatch();
         m = superscript.match(marked, m.capturedStart())) {
        const QString inner = m.captured(1);
        const bool bracketed = inner.startsWith(QLatin1Char('(')) && inner.endsWith(QLatin1Char(')'));
        marked.replace(m.capturedStart(), m.capturedLength(),
                       QLatin1Char('^') + (bracketed ? inner : QLatin1Char('(') + inner + QLatin1Char(')')));
    }
    QTextDocument doc;
    doc.setHtml(marked);
    return doc.toPlainText().simplified();
}

} // namespace bplab::html
