"""The BeanShell subset VASSAL modules use in names and labels (``vassal.expression``), on
expressions taken from the corpus modules, with Java's rules; and hostile text stays bounded."""

from __future__ import annotations

import time

import pytest

from vassal.expression import MAX_DEPTH, MAX_SOURCE, MAX_STRING, CannotEvaluate, evaluate, java_text, typed
from vassal.naming import format_text


def props(**values: str):
    return lambda name: values.get(name)


# (expression, properties, value): each expression as written in a corpus module
CORPUS = [
    # ccnapoleonics: Layers that follow a property
    ('handSide=="" || Obscured ? 2 : gPhase<2 ? 1 : handSide == gActiveSide  ? (Active ? 2 : 1)  : (Passive ? 2 : 1)',
     props(handSide="French", Obscured="false", gPhase="3", gActiveSide="Allies", Active="true", Passive="false"), 1),
    ('handSide=="" || Obscured ? 2 : gPhase<2 ? 1 : handSide == gActiveSide  ? (Active ? 2 : 1)  : (Passive ? 2 : 1)',
     props(handSide="", Obscured="false"), 2),
    ('MaxStrength-Strength', props(MaxStrength="4", Strength="1"), 3),
    ('BannerOn==true ? GetProperty("gbl"+CurrentZone+"ArmyIndex")+3 : 1',
     props(BannerOn="true", CurrentZone="Allies", gblAlliesArmyIndex="2"), 5),
    ('CurrentZone!=Side ? 22 : gblVBtarget==0 || LocationName <= gblVBtarget ? LocationName : 21',
     props(CurrentZone="Allies", Side="Allies", gblVBtarget="9", LocationName="08"), 8),
    ('gPlayerCount==0 ? 3 : gPlayerCount==1 ? 2 : 1', props(gPlayerCount="1"), 2),
    ('gActiveSide==Side ? 1 :2', props(gActiveSide="Allies", Side="French"), 2),
    ('prefV3Markers ? 1: 2', props(prefV3Markers="true"), 1),
    ('inBattle && gStarted ? gDiceControl : 0', props(inBattle="false"), 0),
    # the untaken branch calls functions outside the subset: Java never evaluates it
    ('Obscured ? 2 : GetProperty("g"+SqMarker) != true && CurrentZone.startsWith(FromSide+" Sq")  ? 1 : 2',
     props(Obscured="true"), 2),
    ('Obscured ? 2 : GetProperty("g"+SqMarker) != true && CurrentZone.startsWith(FromSide+" Sq")  ? 1 : 2',
     props(Obscured="false", SqMarker="0", CurrentZone="French Sq 1", FromSide="French"), 1),
    # ccnapoleonics: Label texts
    (' prefDiagnostics ? "PC="+gblPlayerCount : ""', props(prefDiagnostics="true", gblPlayerCount="2"), "PC=2"),
    ('CurrentMap!="Main Map" ? "<html>Command<br>Deck Count</html>" : "" ', props(CurrentMap="Main Map"), ""),
    ('CommandCardsHeld==0 ? "" : CommandCardsHeld', props(CommandCardsHeld="6"), 6),
    ('"<html><p style=text-align:center;width:42px;font-family:"+cPromptFonts+";>" + name + '
     '(name.length() < 8 ?  "<br><br>" : name.length() < 15 ?  "<br>" : "") + "<br><br></p></html>"',
     props(name="Wellesley"), "<html><p style=text-align:center;width:42px;font-family:;>Wellesley<br><br><br></p></html>"),
    # BBVassal, jzhex
    ('Status == 2', props(Status="2"), True),
    ('"Red Team KO\'d"', props(), "Red Team KO'd"),
    ('!isImpassable', props(isImpassable="false"), True),
    ('-gHits', props(gHits="2"), -2),
]


@pytest.mark.parametrize("source,lookup,value", CORPUS, ids=[c[0][:50] for c in CORPUS])
def test_corpus_expressions(source, lookup, value):
    result = evaluate(source, lookup)
    assert result == value and type(result) is type(value)


def test_java_rules():
    none = props()
    assert evaluate("7/2", none) == 3 and evaluate("-7/2", none) == -3 and evaluate("-7%3", none) == -1
    assert evaluate('"a"+1+2', none) == "a12" and evaluate('1+2+"a"', none) == "3a"
    assert evaluate('"x"+true', none) == "xtrue" and evaluate('"x"+1.5', none) == "x1.5"
    assert evaluate("2147483647+1", none) == -2147483648  # int overflow wraps
    assert evaluate('Missing==""', none) is True  # an undefined property reads as ""
    assert evaluate('Num=="3"', props(Num="3")) is False  # an int is not the string "3"
    assert evaluate("a || b && c", props(a="true", b="false", c="false")) is True  # && binds tighter
    assert evaluate("1 < 2 == true", none) is True
    assert typed("08") == 8 and typed("2.5") == 2.5 and typed("true") is True and typed("x") == "x"
    assert java_text(3.0) == "3.0" and java_text(False) == "false"


@pytest.mark.parametrize("source", [
    'Count("{Cardtype==\\"Command\\"}", Side + " Hand")',  # a function outside the subset
    'Cardtype=~"Tacti.*"',                                 # regular expressions
    "Math.min(a, 1)",
    "Alert(gblV4Warning)",
    'name.substring(1)',
    "a = 3",
    "1 ? 2 : 3",          # Java needs a boolean condition
    "true && 1",
    '"a" < "b"',
    "1/0",
    "(1",
    "1 2",
    "#",
])
def test_outside_the_subset(source):
    with pytest.raises(CannotEvaluate):
        evaluate(source, props(a="1", name="x", Side="French"))


@pytest.mark.parametrize("source", [
    "(" * 10_000 + "1" + ")" * 10_000,                 # deep nesting
    "!" * 5_000 + "true",
    "true ? " * 3_000 + "1" + " : 2" * 3_000,
    "+".join(["1"] * (MAX_SOURCE // 2 - 1)),         # a long flat chain
    '"' + "x" * (MAX_SOURCE + 10) + '"',               # a huge literal
    "{" * 1000,
])
def test_hostile_text_is_bounded(source):
    started = time.process_time()
    with pytest.raises(CannotEvaluate):
        evaluate(source, props())
    assert time.process_time() - started < 2.0  # bounded work, not a benchmark


def test_strings_built_are_bounded():
    big = "y" * (MAX_STRING // 2 + 1)
    with pytest.raises(CannotEvaluate):
        evaluate("a + a + a", props(a=big))
    assert MAX_DEPTH < 100  # well inside Python's recursion limit


def test_formats():
    lookup = props(label="5", Side="Allies", Deck_numPieces="57")
    assert format_text("$pieceName$ ($label$)", props(pieceName="Unit", label="x")) == "Unit (x)"
    assert format_text("$Deck_numPieces$", lookup) == "57"
    assert format_text("$AlliedCVP$ CVP", lookup) == "AlliedCVP CVP"  # undefined: its name, as VASSAL shows
    # a whole {...} is an expression, in which a $prop$ is replaced first and becomes part of the code
    assert format_text('{"$Side$"=="Allies"}', lookup) == "true"
    assert format_text('{"}" + Side}', lookup) == "}Allies"
    # braces inside other text are text (an HTML label's style sheet)
    assert format_text("<style> body { } </style> $Side$", lookup) == "<style> body { } </style> Allies"
    with pytest.raises(CannotEvaluate):
        format_text("{Side +}", lookup)
