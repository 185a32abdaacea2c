<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>ropelab::ui::ActivityCommand</name>
    <message numerus="yes">
        <source>%1: warning: activity &quot;%2&quot;: %n text(s) have no %3 text and are shown in %4 instead (%5)</source>
        <translation>
            <numerusform>%1: warning: activity &quot;%2&quot;: %n text has no %3 text and is shown in %4 instead (%5)</numerusform>
            <numerusform>%1: warning: activity &quot;%2&quot;: %n texts have no %3 text and are shown in %4 instead (%5)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: valid (%n activities, %2 steps)</source>
        <translation>
            <numerusform>%1: valid (%n activity, %2 steps)</numerusform>
            <numerusform>%1: valid (%n activities, %2 steps)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ActivityController</name>
    <message numerus="yes">
        <source>Step saved; the draft has %n step(s). Activities → Save activity draft as… writes it.</source>
        <translation>
            <numerusform>Step saved; the draft has %n step. Activities → Save activity draft as… writes it.</numerusform>
            <numerusform>Step saved; the draft has %n steps. Activities → Save activity draft as… writes it.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ropelab::ui::AnswerReport</name>
    <message numerus="yes">
        <source>%1 (%n student(s))</source>
        <translation>
            <numerusform>%1 (%n student)</numerusform>
            <numerusform>%1 (%n students)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ropelab::ui::AppController</name>
    <message numerus="yes">
        <source>Export cancelled; %n complete file(s) written to %1</source>
        <translation>
            <numerusform>Export cancelled; %n complete file written to %1</numerusform>
            <numerusform>Export cancelled; %n complete files written to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n file(s) to %1</source>
        <translation>
            <numerusform>Exported %n file to %1</numerusform>
            <numerusform>Exported %n files to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more.</source>
        <translation>
            <numerusform>… and %n more.</numerusform>
            <numerusform>… and %n more.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ropelab::ui::TrainingLesson</name>
    <message numerus="yes">
        <source>Training %n model(s), %1 at a time…</source>
        <translation>
            <numerusform>Training %n model, %1 at a time…</numerusform>
            <numerusform>Training %n models, %1 at a time…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) trained.</source>
        <translation>
            <numerusform>%n model trained.</numerusform>
            <numerusform>%n models trained.</numerusform>
        </translation>
    </message>
</context>
</TS>
