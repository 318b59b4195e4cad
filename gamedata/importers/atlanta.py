"""Atlanta (brigade-scale CWB, rulebook 004): tables, order of battle and import rules.

The Atlanta rules are an unfinished 1991-93 draft. Its setup "tables" are lines
of `units: placement` text with four hex spellings (`A49.34`, `11.35`, `7:17`,
`2617`), designations with Roman-numeral corps, groups named after their
commander ("Cheatham's Corps"), and victory schedules whose bands overlap. This
module holds what is specific to that text: which lines form which table, the
order of battle the text names (so that every unit token is checked, never
guessed), the units a group phrase stands for, the scenario-wide formation and
order rules, and the die-roll, VP and panic tables. Everything a human had to
decide is in `sources/atlanta/overrides.csv`, applied here with its reason.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any
from dataclasses import dataclass, field

GAME_ID = "atlanta"
UNION, CSA = "Union", "Confederate"

# --------------------------------------------------------------------------- OOB
# formation_id | side | name | level | parent | leader | rulebook line
FORMATIONS = """
USA|U|Sherman's armies (three armies under Sherman)|army||Sherman|84
Tenn|U|Army of the Tennessee|army|USA|McPherson|84
Ohio|U|Army of the Ohio|army|USA|Schofield|84
Cmb|U|Army of the Cumberland|army|USA|Thomas|130
15|U|15th Corps|corps|Tenn|Logan|132
16|U|16th Corps|corps|Tenn|Dodge|110
17|U|17th Corps|corps|Tenn|Blair|132
23|U|23rd Corps (Army of the Ohio)|corps|Ohio|Schofield|84
4|U|4th Corps|corps|Cmb|Howard|663
14|U|14th Corps|corps|Cmb||132
20|U|20th Corps|corps|Cmb||496
1/15|U|1st Division, 15th Corps|division|15|1/15/T|240
2/15|U|2nd Division, 15th Corps|division|15|2/15/T|250
4/15|U|4th Division, 15th Corps|division|15|4/15/T|258
2/16|U|2nd Division, 16th Corps|division|16|Sweeny|275
4/16|U|4th Division, 16th Corps|division|16|Fuller|277
3/17|U|3rd Division, 17th Corps|division|17|3/17/T|266
4/17|U|4th Division, 17th Corps|division|17|4/17/T|269
1/23|U|1st Division, 23rd Corps (brigades attached to 2/23 and 3/23)|division|23||118
2/23|U|2nd Division, 23rd Corps|division|23|2/23/O|236
3/23|U|3rd Division, 23rd Corps|division|23|3/23/O|234
1/4|U|1st Division, 4th Corps|division|4|1/4/C|655
2/4|U|2nd Division, 4th Corps|division|4|2/4/C|505
3/4|U|3rd Division, 4th Corps|division|4|3/4/C|659
1/20|U|1st Division, 20th Corps|division|20|1/20/C|506
2/20|U|2nd Division, 20th Corps|division|20|2/20/C|508
3/20|U|3rd Division, 20th Corps|division|20|3/20/C|506
2/Cav|U|2nd Cavalry Division (Garrard)|division|Cmb|Garrard|461
AoT|C|Army of Tennessee|army||Hood|30
H|C|Hardee's Corps|corps|AoT|Hardee|174
C/H|C|Cleburne's Division|division|H|Cleburne|317
W/H|C|Walker's Division|division|H|Walker|319
B/H|C|Bate's Division|division|H|Bate|321
M/H|C|Maney's Division|division|H|Maney|323
Cht|C|Cheatham's (Hood's) Corps|corps|AoT|Cheatham|311
Stevenson|C|Stevenson's Division|division|Cht|Stevenson|695
Clayton|C|Clayton's Division|division|Cht|Clayton|687
Brown|C|Brown's Division|division|Cht|Brown|691
Stw|C|Stewart's Corps (Army of Mississippi)|corps|AoT|Stewart|166
Loring|C|Loring's Division|division|Stw|Loring|513
French|C|French's Division|division|Stw|French|521
Walthall|C|Walthall's Division|division|Stw|Walthall|529
Cv|C|Cavalry Corps|corps|AoT|Wheeler|329
Iverson|C|Iverson's Division|division|Cv|Iverson|329
Kelly|C|Kelly's Division|division|Cv|Kelly|329
Jackson|C|Jackson's Division (cavalry, independent)|independent|AoT|Jackson|166
GaMil|C|Georgia Militia (independent)|independent|AoT|G.W. Smith|166
Res|C|Army reserve artillery|independent|AoT||178
"""

# unit_id | side | name | type | size | formation | strength | rulebook line | notes
UNITS = """
Sherman|U|Sherman|Ldr|army|USA||232|
McPherson|U|McPherson|Ldr|army|Tenn||280|also spelled MacPherson
Schofield|U|Schofield|Ldr|army|Ohio||232|Army of the Ohio and 23rd Corps commander (2.1c); also spelled Schoefield
Thomas|U|Thomas|Ldr|army|Cmb||104|rating 3, -2 (to 1) for orders from Sherman (2.1f)
Logan|U|Logan|Ldr|corps|15||264|
Dodge|U|Dodge|Ldr|corps|16||275|
Blair|U|Blair|Ldr|corps|17||272|
Howard|U|Howard|Ldr|corps|4||659|
Sweeny|U|Sweeny|Ldr|division|2/16||275|division inferred from his setup hex with 2/2/16 (5.1a.1)
Fuller|U|Fuller|Ldr|division|4/16||277|division inferred from his setup hex with 1/4/16 (5.1a.1)
Gresham|U|Gresham|Ldr|division|17||293|division not stated; 'Leader loss: Gresham (use replacement)' (5.1a.3)
Leggett|U|Leggett|Ldr|division|17||132|named only in succession (2.2): succeeds Blair
M.L. Smith|U|M.L. Smith|Ldr|division|15||132|named only in succession (2.2): succeeds Logan
Woods|U|Woods|Ldr|division|15||132|named only in succession (2.2): after M.L. Smith
Palmer|U|Palmer|Ldr|corps|14||132|named only in succession (2.2) for 14th Corps
Newton|U|Newton|Ldr|corps|20||132|named only in succession (2.2) for 20th Corps
Stanley|U|Stanley|Ldr|corps|4||132|named only in succession (2.2) for 4th Corps
Sprague|U|Sprague|Ldr|brigade|4/16||281|brigade commander marker of 2/4/16 (2.1h)
Garrard|U|Garrard|Ldr|division|2/Cav||667|accepts orders only from Sherman (5.2a.2)
1/15/T|U|1/15 division commander|Ldr|division|1/15||136|counter designation per 2.3; name not printed
2/15/T|U|2/15 division commander|Ldr|division|2/15||136|counter designation per 2.3; name not printed
4/15/T|U|4/15 division commander|Ldr|division|4/15||136|counter designation per 2.3; name not printed
3/17/T|U|3/17 division commander|Ldr|division|3/17||136|counter designation per 2.3; name not printed
4/17/T|U|4/17 division commander|Ldr|division|4/17||136|counter designation per 2.3; name not printed
2/23/O|U|2/23 division commander|Ldr|division|2/23||136|counter designation per 2.3; name not printed
3/23/O|U|3/23 division commander|Ldr|division|3/23||136|counter designation per 2.3; name not printed
1/4/C|U|1/4 division commander|Ldr|division|1/4||136|counter designation per 2.3; name not printed
2/4/C|U|2/4 division commander|Ldr|division|2/4||136|counter designation per 2.3; name not printed
3/4/C|U|3/4 division commander|Ldr|division|3/4||136|counter designation per 2.3; name not printed
1/20/C|U|1/20 division commander|Ldr|division|1/20||136|counter designation per 2.3; name not printed
2/20/C|U|2/20 division commander|Ldr|division|2/20||136|counter designation per 2.3; name not printed
3/20/C|U|3/20 division commander|Ldr|division|3/20||136|counter designation per 2.3; name not printed
West HQ|U|West HQ|HQ||USA||232|
Ohio HQ|U|Ohio HQ|HQ||Ohio||232|
Tenn HQ|U|Tenn HQ|HQ||Tenn||280|
15HQ|U|15HQ|HQ||15||264|
16HQ|U|16HQ|HQ||16||275|
17HQ|U|17HQ|HQ||17||272|
4HQ|U|4HQ|HQ||4||659|
Cmb HQ|U|Thomas's HQ|HQ||Cmb||496|'Thomas and his HQ enters with XX Corps' (5.1d.4)
23 supply|U|23rd supply|Sup||23||238|
15 supply|U|15 supply|Sup||15||265|
16 supply|U|16 supply|Sup||16||279|
17 supply|U|17 supply|Sup||17||273|
4 supply|U|4th Corps supply|Sup||4||659|
1/1/23|U|1/1/23|Inf|brigade|3/23||234|1/23 brigade attached to 3/23 (2.1i)
2/1/23|U|2/1/23|Inf|brigade|2/23||236|1/23 brigade attached to 2/23 (2.1i)
1/1/15|U|1/1/15|Inf|brigade|1/15||240|
2/1/15|U|2/1/15|Inf|brigade|1/15||244|
3/1/15|U|3/1/15|Inf|brigade|1/15||248|
1/2/15|U|1/2/15|Inf|brigade|2/15||254|
2/2/15|U|2/2/15|Inf|brigade|2/15||250|
1/4/15|U|1/4/15|Inf|brigade|4/15||258|
2/4/15|U|2/4/15|Inf|brigade|4/15||263|
3/4/15|U|3/4/15|Inf|brigade|4/15||260|
1/3/17|U|1/3/17|Inf|brigade|3/17||266|
2/3/17|U|2/3/17|Inf|brigade|3/17||268|
3/3/17|U|3/3/17|Inf|brigade|3/17||267|
1/4/17|U|1/4/17|Inf|brigade|4/17||269|
3/4/17|U|3/4/17|Inf|brigade|4/17||271|
1/2/16|U|1/2/16|Inf|brigade|2/16||274|
2/2/16|U|2/2/16|Inf|brigade|2/16||275|
1/4/16|U|1/4/16|Inf|brigade|4/16||277|
2/4/16|U|2/4/16|Inf|brigade|4/16||281|detached brigade under Sprague (2.1h)
3/4/16|U|3/4/16|Inf|brigade|4/16||567|optional unit (5.1d.7)
1/2/4|U|Kimbal|Inf|brigade|2/4||505|
1/1/20|U|Knipe|Inf|brigade|1/20||506|
3/1/20|U|Robinson|Inf|brigade|1/20||507|
1/2/20|U|Candy|Inf|brigade|2/20||508|
2/2/20|U|Jones|Inf|brigade|2/20||509|
3/2/20|U|Ireland|Inf|brigade|2/20||505|
1/3/20|U|Harrison|Inf|brigade|3/20||506|
2/3/20|U|Coburn|Inf|brigade|3/20||507|
3/3/20|U|Wood|Inf|brigade|3/20||508|
3/2/Cav|U|Wilder|Cav|brigade|2/Cav||144|mounted infantry with '+' weapons; no cavalry charge (2.5)
Cv/Ohio|U|Cv/Ohio|Cav|brigade|Ohio||657|all Union cavalry has '+' weapons (2.5)
3/23b(3)|U|3/23b(3)|Art||3/23|3|234|
2/23b(4)|U|2/23b(4)|Art||2/23|4|236|
1/15b(3)|U|1/15b(3)|Art||1/15|3|242|
2/15db(2)|U|2/15db(2)|Art||2/15|2|246|
2/15b(2)|U|2/15b(2)|Art||2/15|2|252|
4/15b(2)|U|4/15b(2)|Art||4/15|2|256|
4/15db(2)|U|4/15db(2)|Art||4/15|2|262|
3/17bb(2)|U|3/17bb(2)|Art||3/17|2|266|
3/17ba(4)|U|3/17ba(4)|Art||3/17|4|267|
4/17b(2)|U|4/17b(2)|Art||4/17|2|270|
4/17db(2)|U|4/17db(2)|Art||4/17|2|271|
17db(2)|U|17db(2)|Art||17|2|647|
2/16b(2)|U|2/16b(2)|Art||2/16|2|275|
2/16db(2)|U|2/16db(2)|Art||2/16|2|276|
4/16b(2)|U|4/16b(2)|Art||4/16|2|278|
4/16db(1)|U|4/16db(1)|Art||4/16|1|281|
16db(2)|U|16db(2)|Art||16|2|567|optional unit with 3/4/16 (5.1d.7)
2/Cavb(2)|U|2/Cavb(2)|Art||2/Cav|2|281|
1/4b(4)|U|1/4b(4)|Art||1/4|4|655|
3/4b|U|3/4b|Art||3/4||659|strength not printed
Hood|C|Hood|Ldr|army|AoT||158|army commander rating 1, 6 MP (3.1)
Johnston|C|Johnston|Ldr|army|AoT||156|optional army commander, rating 2 (3.1)
Hardee|C|Hardee|Ldr|corps|H||174|-1 anti-initiative when Hood commands (3.1)
Cheatham|C|Cheatham|Ldr|corps|Cht||311|
Stewart|C|Stewart|Ldr|corps|Stw||174|
Wheeler|C|Wheeler|Ldr|corps|Cv||348|
S.D. Lee|C|S.D. Lee|Ldr|corps|Cht||580|optional: takes Cheatham's Corps (5.1d.7)
G.W. Smith|C|G.W. Smith|Ldr|division|GaMil||352|
Cleburne|C|Cleburne|Ldr|division|C/H||174|
Walker|C|Walker|Ldr|division|W/H||174|
Bate|C|Bate|Ldr|division|B/H||174|
Maney|C|Maney|Ldr|division|M/H||174|
Stevenson|C|Stevenson|Ldr|division|Stevenson||174|
Clayton|C|Clayton|Ldr|division|Clayton||174|
Brown|C|Brown|Ldr|division|Brown||174|
Loring|C|Loring|Ldr|division|Loring||174|
French|C|French|Ldr|division|French||174|
Walthall|C|Walthall|Ldr|division|Walthall||174|
Iverson|C|Iverson|Ldr|division|Iverson||329|
Kelly|C|Kelly|Ldr|division|Kelly||174|
Martin|C|Martin|Ldr|division|Cv||174|named only in cavalry succession (3.4)
Humes|C|Humes|Ldr|division|Cv||174|named in cavalry succession (3.4); 'Hume' in 5.1b.1
Jackson|C|Jackson|Ldr|division|Jackson||166|
Cheatham HQ|C|Cheatham's HQ|HQ||Cht||701|
Stw HQ|C|Stewart's HQ|HQ||Stw||499|
Cheatham supply|C|Cheatham's supply|Sup||Cht||701|
Hardee supply|C|Hardee's wagons|Sup||H||333|
Cv supply|C|Cavalry supply wagons|Sup||Cv||336|
Ptr/M/H|C|Porter|Inf|brigade|M/H||362|
Wrt/M/H|C|Wright|Inf|brigade|M/H||363|
Strl/M/H|C|Strahl|Inf|brigade|M/H||364|
Vgn/M/H|C|Vaughan|Inf|brigade|M/H||365|
Wkr/M/H|C|Wkr/M/H|Inf|brigade|M/H||325|'(Maney's brigade)' in 5.1b.1
Stv/W/H|C|Stevens|Inf|brigade|W/H||362|
Gst/W/H|C|Gist|Inf|brigade|W/H||363|
Mer/W/H|C|Mer|Inf|brigade|W/H||551|designation completed from 'Mer' under Walker (5.1d.6)
Jkn/W/H|C|Jackson's brigade|Inf|brigade|W/H||569|optional unit (5.1d.7)
Gvn/C/H|C|Gvn|Inf|brigade|C/H||554|designation completed from 'Gvn' under Cleburne (5.1d.6)
Lry/C/H|C|Lowry|Inf|brigade|C/H||364|
Polk/C/H|C|Polk|Inf|brigade|C/H||577|
Gby/C/H|C|Granbury|Inf|brigade|C/H||554|designation completed from 'Gby' under Cleburne (5.1d.6)
Fny/B/H|C|Fny|Inf|brigade|B/H||549|division letter B inferred (Bate); text has 'Fny' only
Lws/B/H|C|Lws|Inf|brigade|B/H||549|division letter B inferred (Bate); text has 'Lws' only
Tlr/B/H|C|Tlr|Inf|brigade|B/H||549|division letter B inferred (Bate); text has 'Tlr' only
Featherston|C|Featherston|Inf|brigade|Loring||515|
Adams|C|Adams|Inf|brigade|Loring||517|
Scott|C|Scott|Inf|brigade|Loring||519|
Ector|C|Ector|Inf|brigade|French||523|
Cockrell|C|Cockrell|Inf|brigade|French||525|
Sears|C|Sears|Inf|brigade|French||527|
Quarles|C|Quarles|Inf|brigade|Walthall||531|
Reynolds|C|Reynolds|Inf|brigade|Walthall||533|
Canty|C|Canty|Inf|brigade|Walthall||535|
1/GaMil|C|Georgia Militia 1st brigade|Inf|brigade|GaMil||313|id by analogy with 3/GaMil; text: '1st ... brigades'
2/GaMil|C|Georgia Militia 2nd brigade|Inf|brigade|GaMil||313|id by analogy with 3/GaMil; text: '2cd brigades'
3/GaMil|C|3/GaMil|Inf|brigade|GaMil||573|optional unit (5.1d.7)
4/GaMil|C|4/GaMil|Inf|brigade|GaMil||573|optional unit (5.1d.7)
G/GaMil|C|G/GaMil|Inf|brigade|GaMil||573|optional unit (5.1d.7)
A/Ky/Cv|C|Anderson|Cav|brigade|Cv||365|
Rdy/Cv|C|Roddy|Cav|brigade|Cv||571|optional unit, dismounted (5.1d.7)
Williams|C|Williams's brigade|Cav|brigade|Cv||329|
Ferguson|C|Ferguson's brigade|Cav|brigade|Jackson||713|
Hb(4)|C|Hb(4)|Art||H|4|558|
Hb(2)|C|Hb(2)|Art||H|2|558|
Hdb(2)|C|Hdb(2)|Art||H|2|558|
2b(4)|C|2b(4)|Art||Res|4|677|
1b(3)|C|1b(3)|Art||Res|3|677|
GaMilb(1)|C|GaMilb(1)|Art||GaMil|1|673|Anderson's battery, marked 'Ga Mil' (3.5)
Cavb(2)|C|Cavb(2)|Art||Cv|2|681|
Cheatham's artillery|C|Cheatham's artillery|Art||Cht||699|batteries not named in the rulebook
Atlanta artillery|C|Atlanta militia artillery|Art||Res||575|optional; no horses, 4 guns per point, inner defenses only (3.5)
"""

# Phrases of the rulebook that stand for several units (a whole command, or a
# list the text gives in prose). Members are OOB unit ids; the note says what
# the rulebook leaves out so the builder knows the list is what the text names.
_CAV_5_1 = ("Wheeler", "Iverson", "Kelly", "Williams", "Ferguson", "A/Ky/Cv")
_MANEY = ("Maney", "Ptr/M/H", "Wrt/M/H", "Strl/M/H", "Vgn/M/H", "Wkr/M/H")
_WALKER = ("Walker", "Gst/W/H", "Mer/W/H", "Stv/W/H")
_BATE = ("Bate", "Fny/B/H", "Lws/B/H", "Tlr/B/H")
_CLEBURNE = ("Cleburne", "Gvn/C/H", "Lry/C/H", "Polk/C/H", "Gby/C/H")
_15TH = ("Logan", "15HQ", "15 supply", "M.L. Smith", "Woods", "1/15/T", "2/15/T", "4/15/T",
         "1/1/15", "2/1/15", "3/1/15", "1/2/15", "2/2/15", "1/4/15", "2/4/15", "3/4/15",
         "1/15b(3)", "2/15db(2)", "2/15b(2)", "4/15b(2)", "4/15db(2)")
_17TH_LESS_DB = ("Blair", "17HQ", "17 supply", "Leggett", "Gresham", "3/17/T", "4/17/T",
                 "1/3/17", "2/3/17", "3/3/17", "1/4/17", "3/4/17",
                 "3/17bb(2)", "3/17ba(4)", "4/17b(2)", "4/17db(2)")
_16TH = ("Dodge", "16HQ", "16 supply", "Sweeny", "Fuller", "1/2/16", "2/2/16", "1/4/16", "2/4/16",
         "2/16b(2)", "2/16db(2)", "4/16b(2)", "4/16db(1)")
_23RD = ("Schofield", "Ohio HQ", "23 supply", "2/23/O", "3/23/O", "1/1/23", "2/1/23", "2/23b(4)", "3/23b(3)")
_4TH = ("Howard", "4HQ", "4 supply", "1/4/C", "2/4/C", "3/4/C", "1/2/4", "1/4b(4)", "3/4b")
_20TH = ("1/20/C", "2/20/C", "3/20/C", "1/1/20", "3/1/20", "1/2/20", "2/2/20", "3/2/20", "1/3/20", "2/3/20", "3/3/20")

GROUPS: dict[str, tuple[tuple[str, ...], str]] = {
    "Cheatham's Corps": (("Cheatham", "Stevenson", "Clayton", "Brown", "Cheatham HQ", "Cheatham supply",
                          "Cheatham's artillery"), "brigades of Cheatham's Corps are not named in the rulebook"),
    "Georgia Militia (1st,2cd brigades)": (("G.W. Smith", "1/GaMil", "2/GaMil"), ""),
    "Georgia Militia (1st and 2cd brigades and one battery (GaMilb(1))": (
        ("G.W. Smith", "1/GaMil", "2/GaMil", "GaMilb(1)"), ""),
    "Reserve Artillery": (("2b(4)", "1b(3)"), "the batteries 5.2b.1 names; the 36-gun reserve (3.5) may hold more"),
    "Cleburne's division": (_CLEBURNE, ""),
    "Walker's division": (_WALKER, ""),
    "Bate's division": (_BATE, ""),
    "Maney's division": (_MANEY, ""),
    "Cavalry corps": (_CAV_5_1, "Iverson's and Kelly's divisions list no brigades; A/Ky/Cv (Anderson) placed "
                                "with the corps because 5.1b.5 gives it losses"),
    "Cavalry Corps (Iverson's and Kelly's divisions, plus Williams's brigade, with Cavb(2)": (
        ("Wheeler", "Iverson", "Kelly", "Williams", "A/Ky/Cv", "Cavb(2)"),
        "Iverson's and Kelly's divisions list no brigades; A/Ky/Cv (Anderson) placed with the corps"),
    "Clayton's division of Cheatham's Corps": (("Clayton",), "brigades not named in the rulebook"),
    "Brown's division of Cheatham's Corps": (("Brown",), "brigades not named in the rulebook"),
    "Stevenson's division of Cheatham's Corps": (("Stevenson",), "brigades not named in the rulebook"),
    "Cheatham, HQ, Supply": (("Cheatham", "Cheatham HQ", "Cheatham supply"), ""),
    "Army of Tennessee less 16th Corps, 17db(2), and the Army of the Tennessee Supply Trains": (
        ("McPherson", "Tenn HQ") + _15TH + _17TH_LESS_DB, ""),
    "16th Corps": (_16TH, "Sprague's marker is for the detached 2/4/16 of 5.1 only (2.1h)"),
    "Army of the Ohio (23rd Corps)": (_23RD, "brigades of 2/23 and 3/23 are not named in the rulebook"),
    "3/23": (("3/23/O",), "division: its own brigades are not named in the rulebook"),
    "2/23": (("2/23/O",), "division: its own brigades are not named in the rulebook"),
    "1/4": (("1/4/C",), "division: its brigades are not named in the rulebook"),
    "3/4": (("3/4/C",), "division: its brigades are not named in the rulebook"),
    "2/Cav/C": (("Garrard", "3/2/Cav"), "other brigades of 2/Cav are not named in the rulebook"),
    "Ferguson's brigade (of Jackson's division)": (("Ferguson",), ""),
    "Hardee's Corps (less Hb)": (_WALKER + _BATE + _MANEY + ("Hdb(2)", "Hardee supply"),
                                 "Cleburne's division arrives by 5.2b.2 or with Hardee (5.3b)"),
    "4th Corps": (_4TH, "brigades of 1/4 and 3/4 are not named in the rulebook"),
    "20th Corps": (_20TH + ("Thomas", "Cmb HQ"), "'Thomas and his HQ enters with XX Corps'; corps commander not named"),
    "Loring's division": (("Loring", "Featherston", "Adams", "Scott"), ""),
    "French's division": (("French", "Ector", "Cockrell", "Sears"), ""),
    "Walthall's division": (("Walthall", "Quarles", "Reynolds", "Canty"), ""),
    "Stewart and his HQ": (("Stewart", "Stw HQ"), ""),
    "Atlanta militia artillery": (("Atlanta artillery",), ""),
}

# Spellings of single units in the text -> OOB id (the normalizer reports each use).
SPELLINGS: dict[str, str] = {
    "23rd supply": "23 supply", "MacPherson": "McPherson", "Schoefield": "Schofield",
    "Fny": "Fny/B/H", "Lws": "Lws/B/H", "Tlr": "Tlr/B/H", "Gst": "Gst/W/H", "Mer": "Mer/W/H",
    "Stv": "Stv/W/H", "Gvn": "Gvn/C/H", "Lry": "Lry/C/H", "Polk": "Polk/C/H", "Gby": "Gby/C/H",
    "3/Ga Mil": "3/GaMil", "4/Ga Mil": "4/GaMil", "G GaMil": "G/GaMil", "Hume": "Humes",
    "Atlanta Militia Artillery": "Atlanta artillery", "Hardee's wagons": "Hardee supply",
}



@dataclass(frozen=True)
class OobUnit:
    """One row of the Units sheet, with the rulebook line that names the unit."""

    unit_id: str
    side: str
    name: str
    type: str
    size: str
    formation: str
    strength: int | None
    line: int
    notes: str


@dataclass(frozen=True)
class OobFormation:
    """One row of the Formations sheet."""

    formation_id: str
    side: str
    name: str
    level: str
    parent: str
    leader: str
    line: int


_SIDE = {"U": UNION, "C": CSA}


def _table(text: str) -> list[list[str]]:
    """Cells of a `|`-separated block (the OOB blocks above)."""
    return [[cell.strip() for cell in line.split("|")] for line in text.strip().splitlines()]


def formations() -> tuple[OobFormation, ...]:
    """The command structure the text names (formation ids are the designations it prints)."""
    return tuple(OobFormation(f, _SIDE[s], n, lvl, p, ldr, int(ln)) for f, s, n, lvl, p, ldr, ln in _table(FORMATIONS))


def units() -> tuple[OobUnit, ...]:
    """Every unit and leader the text names, with the line that names it."""
    return tuple(
        OobUnit(u, _SIDE[s], n, t, size, f, int(st) if st else None, int(ln), notes)
        for u, s, n, t, size, f, st, ln, notes in _table(UNITS)
    )


# --------------------------------------------------------------------------- errors


class LineError(ValueError):
    """A line the importer cannot turn into rows without a human."""


# --------------------------------------------------------------------------- hexes

_TIME = re.compile(r"\b(\d{1,2}):(\d{2})\s*(AM|PM)\b", re.IGNORECASE)
_HEX = re.compile(r"(?<![\w/(.:])(?P<map>[AB])?(?P<col>\d{1,2})(?P<sep>[.:])(?P<row>\d{2})(?![\d)])")
_BARE_HEX = re.compile(r"\bhex (\d{2})(\d{2})\b")
_TIME_MARK = "\x00"


def clock(hour: str, minute: str, period: str) -> str:
    """`1:00PM` -> `13:00`."""
    h = int(hour) % 12 + (12 if period.upper() == "PM" else 0)
    return f"{h:02d}:{minute}"


def _mask_times(text: str) -> tuple[str, list[str]]:
    """Clock times look like `col:row` hexes; hide them while hexes are read."""
    times: list[str] = []

    def keep(match: re.Match[str]) -> str:
        times.append(clock(*match.groups()))
        return _TIME_MARK * len(match.group(0))

    return _TIME.sub(keep, text), times


def canonical_hexes(text: str, default_map: str, notes: list[str]) -> tuple[str, list[str]]:
    """Rewrite every hex id in `text` as `A26.17`; say what each spelling needed."""
    masked, _ = _mask_times(text)
    bare = _BARE_HEX.search(masked)
    if bare:
        notes.append(f"'{bare.group(1)}{bare.group(2)}' has no separator: read as {bare.group(1)}.{bare.group(2)}")
        text = text[:bare.start()] + f"hex {int(bare.group(1))}.{bare.group(2)}" + text[bare.end():]
        masked, _ = _mask_times(text)
    out, hexes, last = [], [], 0
    for m in _HEX.finditer(masked):
        map_id = m.group("map") or default_map
        if not map_id:
            raise LineError(f"hex '{m.group(0)}' has no map letter and the table has no default map")
        if m.group("sep") == ":":
            notes.append(f"'{m.group(0)}' uses ':' as separator")
        if len(m.group("col")) == 2 and m.group("col").startswith("0"):
            notes.append(f"'{m.group(0)}' has a zero-padded column")
        hex_id = f"{map_id}{int(m.group('col'))}.{m.group('row')}"
        hexes.append(hex_id)
        out.append(text[last:m.start()] + hex_id)
        last = m.end()
    out.append(text[last:])
    return "".join(out), hexes


# --------------------------------------------------------------------------- units


@dataclass(frozen=True)
class Vocabulary:
    """Phrases a unit cell may hold -> the OOB units they name."""

    phrases: Mapping[str, tuple[str, ...]]
    spellings: Mapping[str, str]
    group_notes: Mapping[str, str]
    types: Mapping[str, str]

    def lookup(self, phrase: str) -> tuple[str, ...] | None:
        return self.phrases.get(_squash(phrase))


def _squash(text: str) -> str:
    return " ".join(text.replace("\t", " ").split()).strip(" ,:;.")


def vocabulary() -> Vocabulary:
    """Every phrase of the text that names units, checked against the OOB."""
    known = {u.unit_id: u for u in units()}
    phrases: dict[str, tuple[str, ...]] = {uid: (uid,) for uid in known}
    for phrase, (members, _) in GROUPS.items():
        missing = [m for m in members if m not in known]
        if missing:
            raise ValueError(f"group '{phrase}' names units missing from the OOB: {missing}")
        phrases[_squash(phrase)] = members
    for spelling, uid in SPELLINGS.items():
        phrases[spelling] = (known[uid].unit_id,)
    notes = {_squash(p): n for p, (_, n) in GROUPS.items() if n}
    return Vocabulary(phrases, dict(SPELLINGS), notes, {uid: u.type for uid, u in known.items()})


_ROMAN = {"IV": "4", "XIV": "14", "XV": "15", "XVI": "16", "XVII": "17", "XX": "20", "XXIII": "23"}
_CONNECTORS = {"and", "plus", "is", "placed"}


def _roman(token: str, notes: list[str]) -> str:
    parts = token.split("/")
    fixed = [_ROMAN.get(p, p) for p in parts]
    if fixed != parts:
        notes.append(f"Roman corps numeral in '{token}' written as '{'/'.join(fixed)}'")
    return "/".join(fixed)


def _split_commas(text: str) -> list[str]:
    """Split on commas outside parentheses."""
    chunks, depth, cur = [], 0, []
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth <= 0:
            chunks.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    chunks.append("".join(cur))
    return [c.strip() for c in chunks if c.strip(" ,")]


def _segment(words: list[str], vocab: Vocabulary, notes: list[str]) -> tuple[list[str], int]:
    """Longest-match units from the start of `words`; returns (units, words used)."""
    found: list[str] = []
    i = 0
    while i < len(words):
        if words[i].lower() in _CONNECTORS:
            i += 1
            continue
        for j in range(len(words), i, -1):
            phrase = " ".join(words[i:j])
            hit = vocab.lookup(_roman(phrase, []))
            if hit:
                _note_spelling(phrase, vocab, notes)
                found.extend(hit)
                i = j
                break
        else:
            return found, i
    return found, i


def _note_spelling(phrase: str, vocab: Vocabulary, notes: list[str]) -> None:
    squashed = _squash(phrase)
    if squashed in vocab.spellings:
        notes.append(f"'{squashed}' read as {vocab.spellings[squashed]}")
    if squashed in vocab.group_notes:
        notes.append(f"group: {vocab.group_notes[squashed]}")
    elif len(vocab.lookup(_roman(squashed, [])) or ()) > 1:
        notes.append(f"group '{squashed}' expanded to its units")
    _roman(squashed, notes)


def resolve_units(text: str, vocab: Vocabulary, notes: list[str]) -> list[str]:
    """Every unit a unit cell names; LineError on any word that is not a unit."""
    whole = vocab.lookup(_roman(text, []))
    if whole:
        _note_spelling(text, vocab, notes)
        return list(whole)
    out: list[str] = []
    for chunk in _split_commas(text):
        chunk = re.sub(r"^and\s+", "", chunk.strip())
        hit = vocab.lookup(_roman(chunk, []))
        if hit:
            _note_spelling(chunk, vocab, notes)
            out.extend(hit)
            continue
        words = chunk.split()
        found, used = _segment(words, vocab, notes)
        if used < len(words):
            raise LineError(f"'{' '.join(words[used:])}' in '{chunk}' is not a unit of the order of battle")
        if not any(w.lower() in _CONNECTORS for w in words) and len(found) > 1:
            notes.append(f"'{_squash(chunk)}' holds several unit names without a separator")
        out.extend(found)
    return list(dict.fromkeys(out))


# --------------------------------------------------------------------------- clauses


@dataclass(frozen=True)
class Placement:
    """What one clause of a line says about its units."""

    units: tuple[str, ...]
    reinforcement: bool
    location: str = ""
    constraint: str = ""
    statuses: tuple[str, ...] = ()
    orders: str = ""
    turn_time: str = ""
    turn_date: str = ""
    scenario_turn: int | None = None
    entry: str = ""
    dr_set: str = ""
    strength: int | None = None
    notes: tuple[str, ...] = ()
    remarks: tuple[str, ...] = ()
    hexes: tuple[str, ...] = ()
    printed_time: str = ""


# Parentheticals the setup text uses, and what each means.
KNOWN_PARENTHETICALS: dict[str, str] = {
    "(en route to XVII)": "en route to 17th Corps",
    "(en route to XVII corps)": "en route to 17th Corps",
    "(Maney's brigade)": "described as 'Maney's brigade'",
    "(B49.00)": "the same hex as A49.34 (map overlap stated in 5.2a.1)",
}
_STATUS_WORDS = (("in line formation", "line"), ("in line", "line"), ("in column", "column"),
                 ("limbered", "limbered"), ("unlimbered", "unlimbered"))
_AREAS = {
    "at the west edge of map a": "A-west", "on the west edge of map a": "A-west",
    "from the west edge of map a": "A-west", "from a-west or b-west": "AB-west",
    "on the west map edge": "A-west",
}
_REINF = re.compile(r"\b(enters?|arrives?)\b", re.IGNORECASE)
_PLACE_START = re.compile(
    r"\bis ordered to\b|\bwithin \d+ hexes\b|\benters?\b|\barrives?\b|\bin hex\b|\bin column\b|\bon any\b|\blimbered\b"
    r"|\binside\b|\banywhere\b|\bon map\b|\bstrength \d+\b|\bstatus\b|\boptional\b", re.IGNORECASE)


def _split_label(text: str, vocab: Vocabulary, notes: list[str]) -> tuple[str, str, bool]:
    """(unit cell, placement, placement-is-prose)."""
    masked, _ = _mask_times(text)
    colon = re.search(r"(?<!\d):|:(?!\d)", masked)
    if colon:
        return text[:colon.start()], text[colon.end():], False
    starts = [m.start() for m in (_HEX.search(masked), _PLACE_START.search(masked)) if m]
    if starts:
        cut = min(starts)
        try:
            resolve_units(_label_text(text[:cut], []), vocab, [])
            return text[:cut], text[cut:], False
        except LineError:
            pass
    words = text.replace(",", ", ").split()
    found, used = _segment(words, vocab, [])
    if not found:
        raise LineError(f"no unit at the start of '{_squash(text)}'")
    notes.append("units followed by prose: the prose is kept as the placement constraint")
    return " ".join(words[:used]), " ".join(words[used:]), True


def parse_clause(text: str, vocab: Vocabulary, default_map: str) -> Placement:
    """One `units: placement` clause -> the units and what the clause says about them."""
    notes: list[str] = []
    remarks: list[str] = []
    rest_note = re.search(r"\bnote: (.+)$", text)
    if rest_note:
        remarks.append(rest_note.group(1).strip(" ."))
        text = text[:rest_note.start()].rstrip(" ,")
    label, rest, prose = _split_label(text, vocab, notes)
    label = _label_text(label, remarks)
    unit_ids = resolve_units(label, vocab, notes)
    remarks += [n[len("group: "):] for n in notes if n.startswith("group: ")]
    with_units = re.match(r"^\s*in hex (\S+) with (.+)$", rest)
    if with_units:
        unit_ids += resolve_units(with_units.group(2), vocab, notes)
        rest = f"in hex {with_units.group(1)}"
    rest, hexes = canonical_hexes(rest, default_map, notes)
    place = _Clause(rest)
    if prose:
        return Placement(tuple(dict.fromkeys(unit_ids)), False, constraint=place.text, notes=tuple(notes),
                         remarks=tuple(remarks), hexes=tuple(hexes))
    place.parentheticals()
    statuses = place.statuses()
    orders = place.take(r"\bis ordered to (.+?)\.?$", 1) or place.take(r"\bwith orders to (.+?)\.?$", 1)
    strength = place.take(r"\bstrength (\d+)\b", 1)
    status_codes = place.take(r"\bstatus ([a-z0-9;-]+)", 1)
    if status_codes:
        statuses += tuple(status_codes.split(";"))
    reinf = bool(_REINF.search(place.text))
    p = Placement(tuple(dict.fromkeys(unit_ids)), reinf, orders=orders,
                  strength=int(strength) if strength else None, statuses=statuses, printed_time=place.printed_time)
    p = _reinforcement(p, place, hexes) if reinf else _setup(p, place)
    return replace(p, notes=tuple(dict.fromkeys(notes)), remarks=tuple(dict.fromkeys(remarks + list(place.extra))),
                   hexes=tuple(hexes))


def _label_text(label: str, remarks: list[str]) -> str:
    """A unit cell without filler verbs; known parentheticals become remarks."""
    label = re.sub(r"\bis (placed|positioned)\b", "", label)
    for paren, meaning in KNOWN_PARENTHETICALS.items():
        if paren in label:
            remarks.append(meaning)
            label = label.replace(paren, " ")
    return label


class _Clause:
    """The placement text of a clause, consumed piece by piece."""

    def __init__(self, text: str) -> None:
        self.text = " ".join(text.replace("\t", " ").split()).strip(" ,.")
        self.extra: tuple[str, ...] = ()
        self.printed_time = ""

    def take(self, pattern: str, group: int = 0) -> str:
        m = re.search(pattern, self.text, re.IGNORECASE)
        if not m:
            return ""
        self.text = (self.text[:m.start()] + self.text[m.end():]).strip(" ,.")
        self.text = " ".join(self.text.split())
        return m.group(group)

    def parentheticals(self) -> None:
        """Known parentheticals become notes; clock times are checked; others reject the line."""
        for paren in re.findall(r"\([^()]*\)", self.text):
            masked, times = _mask_times(paren)
            if paren in KNOWN_PARENTHETICALS:
                self.extra += (KNOWN_PARENTHETICALS[paren],)
            elif times and not masked.strip("()" + _TIME_MARK + " "):
                self.printed_time = times[0]
            else:
                raise LineError(f"unknown parenthetical {paren}")
            self.text = " ".join(self.text.replace(paren, " ").split())

    def statuses(self) -> tuple[str, ...]:
        found: list[str] = []
        for words, code in _STATUS_WORDS:
            if self.take(rf"\b{words}\b"):
                found.append(code)
        return tuple(found)


def _setup(p: Placement, place: _Clause) -> Placement:
    within = re.fullmatch(r"within (\d+) hexes of (?:hex )?(\S+)", place.text, re.IGNORECASE)
    if within:
        return replace(p, constraint=f"within {within.group(1)} hexes of {within.group(2)}")
    single = re.fullmatch(r"(?:in hex )?([AB]\d+\.\d{2})", place.text)
    if single:
        return replace(p, location=single.group(1))
    return replace(p, constraint=place.text)


def _reinforcement(p: Placement, place: _Clause, hexes: list[str]) -> Placement:
    text = place.text
    turn = re.search(r"\bturn (\d+)\b", text, re.IGNORECASE)
    masked, times = _mask_times(text)
    date = re.search(r"\b(?:July (\d{2})|(\d{2}) July)\b", text)
    dr_set = re.search(r"\bon die roll ([\d-]+)\b", text)
    entry = ""
    for phrase, code in _AREAS.items():
        if phrase in text.lower():
            entry = code
    if not entry and hexes:
        entry = hexes[0]
    leftover = masked
    for phrase in _AREAS:
        leftover = re.sub(re.escape(phrase), " ", leftover, flags=re.IGNORECASE)
    leftover = re.sub(r"\b(on die roll [\d-]+|enters?|arrives?|at|on|from|turn \d+|July \d{2}|\d{2} July)\b",
                      " ", leftover, flags=re.IGNORECASE)
    for h in hexes:
        leftover = leftover.replace(h, " ")
    leftover = " ".join(leftover.replace(_TIME_MARK, " ").split()).strip(" ,.")
    return replace(
        p, scenario_turn=int(turn.group(1)) if turn else None, turn_time=times[0] if times else "",
        turn_date=(date.group(1) or date.group(2)) if date else "", entry=entry,
        dr_set=dr_set.group(1) if dr_set else "", constraint=leftover,
    )


_LOSS = re.compile(r"(?P<unit>\S+(?:\s\([A-Za-z]+\))?)\s+(?:(?P<name>[A-Z][a-z]+)\s+)?(?P<loss>-\s?\d+)")


def parse_losses(text: str, vocab: Vocabulary, notes: list[str]) -> list[tuple[str, int]]:
    """`1/3/17 -4 1/4/17 -1` or `Ptr/M/H Porter -2` -> [(unit, 4), ...]."""
    out: list[tuple[str, int]] = []
    flat = " ".join(text.replace("\t", " ").split())
    for m in _LOSS.finditer(flat):
        unit = re.sub(r"\s\(([A-Za-z]+)\)$", "", m.group("unit"))
        out.extend((uid, int(m.group("loss").replace(" ", "")) * -1) for uid in resolve_units(unit, vocab, notes))
    if not out:
        raise LineError(f"no 'unit -loss' pair in '{flat}'")
    return out


# --------------------------------------------------------------------------- tables of the text


@dataclass(frozen=True)
class LineTable:
    """A setup, arrival or loss table printed as `units: placement` lines.

    `notes` are lines inside the range that are commentary, not rows;
    `joins` glue a label line to the lines that carry its placement;
    `pairs` tables print `Heading: unit hex, unit hex` per line;
    `all_rows` is a line whose rule applies to every row of the table.
    """

    id: str
    scenario: str
    first: int
    last: int
    anchor: str
    default_map: str = ""
    kind: str = "placement"  # placement | losses
    notes: frozenset[int] = frozenset()
    joins: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    pairs: bool = False
    all_rows: int | None = None


LINE_TABLES: tuple[LineTable, ...] = (
    LineTable("5.1a.1 Union setup", "5.1", 232, 281, "Sherman and Schofield", "A"),
    LineTable("5.1a.3 Union losses", "5.1", 291, 293, "1/3/17 -4", "A", kind="losses"),
    LineTable("5.1b.1 Confederate setup", "5.1", 311, 336, "Cheatham's Corps", "A", notes=frozenset({327})),
    LineTable("5.1b.5 Confederate losses", "5.1", 362, 365, "Ptr/M/H", "A", kind="losses"),
    LineTable("5.1d.1 No Covington Raid", "5.1d.1", 459, 461, "2/4/16 and 2/16b(1)", "A"),
    LineTable("5.1d.4 Army of the Cumberland and Stewart", "5.1d.4", 495, 499, "Starting with the 1:30 turn", "A",
              notes=frozenset({497})),
    LineTable("5.1d.4 Union losses", "5.1d.4", 505, 509, "1/2/IV (Kimbal)", "A", kind="losses"),
    LineTable("5.1d.4 Confederate losses", "5.1d.4", 513, 535, "Loring's Division", "A", kind="losses",
              notes=frozenset({513, 521, 529})),
    LineTable("5.1d.6 Historical Opening Attack", "5.1d.6", 549, 561, "Bate: Fny", "A", pairs=True,
              joins={558: (559,)}),
    LineTable("5.1d.7 Optional units", "5.1d.7", 567, 580, "3/4/16,16db(2)", "A", joins={577: (578,)}),
    LineTable("5.2a.1 Union setup and reinforcements", "5.2", 647, 659, "Army of Tennessee less", joins={647: (649,)}),
    LineTable("5.2b.1 Confederate setup", "5.2", 673, 703, "Georgia Militia", all_rows=703, joins={
        673: (675,), 677: (679,), 681: (683, 685), 687: (689,), 691: (693,), 695: (697,)}),
    LineTable("5.2b.2 Confederate reinforcements", "5.2", 713, 717, "Ferguson's brigade", notes=frozenset({717})),
    LineTable("5.2d.2 Optional units", "5.2d.2", 811, 811, "The units 3/4/16"),
    LineTable("5.3b Confederate additions", "5.3", 843, 849, "Hardee arrives", notes=frozenset({847})),
)

# Scenario id, name, section, heading line, first-turn line, last-turn line, maps, base scenario, notes
SCENARIOS: tuple[tuple[str, str, str, int, int, int, str, str, str], ...] = (
    ("5.1", "Historical Battle of Atlanta, July 22 1864", "5.1", 216, 220, 222, "A", "",
     "15 turns; the Confederates move first. Supply, HQ and artillery units not listed set up with or adjacent "
     "to units of their command (line 335). Minor variants 5.1d.1-5.1d.13 (5.1d.2 and 5.1d.12 are die-roll "
     "tables)."),
    ("5.1d.1", "5.1 variant: No Covington Raid", "5.1d.1", 455, 220, 222, "A", "5.1",
     "on a d6 roll of 1-2 after Confederate placement; rows replace the 5.1 rows of the same units"),
    ("5.1d.4", "5.1 variant: Sherman asks Thomas to send help", "5.1d.4", 493, 220, 222, "A", "5.1",
     "entries are conditional on orders (no fixed turn); losses apply to the entering units"),
    ("5.1d.6", "5.1 variant: Historical Opening Attack", "5.1d.6", 545, 547, 222, "A", "5.1",
     "starts 12:30PM; rows replace the 5.1 rows of Hardee's units; no special first-turn rules"),
    ("5.1d.7", "5.1 variant: Optional units", "5.1d.7", 563, 220, 222, "A", "5.1",
     "units that may be added for play balance; placement as the text says"),
    ("5.2", "Action of 20 July", "5.2", 631, 637, 639, "A,B", "",
     "Union sets up and writes orders first; the Confederate player moves first but skips the first turn"),
    ("5.2d.2", "5.2 variant: Optional units", "5.2d.2", 809, 637, 639, "A,B", "5.2",
     "the text says 'See 5.1d.8'; the optional units are those of 5.1d.7"),
    ("5.3", "Three Day Action of 20-22 July", "5.3", 821, 827, 828, "A,B", "",
     "setup and reinforcements as 5.2 (5.3a, 5.3b) plus Hardee's arrival; Union/Confederate objective options "
     "change the VP schedule (see VP notes)"),
)

DATES = {"20": "1864-07-20", "21": "1864-07-21", "22": "1864-07-22"}


def turn_track() -> tuple[tuple[int, str, str, bool], ...]:
    """(id, date, HH:MM, night) for 7:00AM July 20 to 7:00PM July 22.

    Day turns are 30 minutes (5.1: 12:00PM-7:00PM is 15 turns); the night-turn
    length is not stated, the 10PM/11PM/midnight/2AM times of 5.3b fit hourly
    night turns from 8:00PM to 6:00AM (derived, see README).
    """
    out: list[tuple[int, str, str, bool]] = []
    for day in ("20", "21", "22"):
        for minutes in range(7 * 60, 19 * 60 + 1, 30):
            out.append((len(out) + 1, DATES[day], f"{minutes // 60:02d}:{minutes % 60:02d}", False))
        if day == "22":
            break
        for hour in (20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6):
            date = DATES[day] if hour >= 20 else DATES[str(int(day) + 1)]
            out.append((len(out) + 1, date, f"{hour:02d}:00", True))
    return tuple(out)


def turn_id(date: str, hhmm: str) -> int:
    for tid, d, hour, _ in turn_track():
        if d == date and hour == hhmm:
            return tid
    raise LineError(f"no turn at {hhmm} on {date} in the turn track")


# --------------------------------------------------------------------------- scenario rules

@dataclass(frozen=True)
class CommandRule:
    """A formation, order or placement rule a scenario states for whole commands.

    It applies to the scenario's rows whose unit is in one of `formations` (with
    their subordinate formations) or listed in `units`, optionally only to unit
    types `kinds`; 5.2 rules apply to 5.3 too ('Same as 5.2a/5.2b').
    """

    scenario: str
    line: int
    formations: tuple[str, ...] = ()
    units: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    statuses: tuple[str, ...] = ()
    orders: str = ""
    constraint: str = ""
    note: str = ""


_TRAINS = "protect the Army of the Tennessee trains off board to the North"
_MARCH = "march to the left flank of 17th Corps and assume a defensive posture there (from 1:00PM, 5.1a.4)"
_ATTACK = "attack the Union Army of the Tennessee in the rear (Force 1)"
_ADVANCE = "advance on Atlanta along and South of the Decatur road"

# The first rule that gives a row orders wins, so specific rules come before general ones.
COMMAND_RULES: tuple[CommandRule, ...] = (
    CommandRule("5.1", 285, units=("Sprague", "2/4/16", "4/16db(1)", "2/Cavb(2)"), orders=_TRAINS),
    CommandRule("5.1", 285, units=("2/4/16",), kinds=("Inf",), statuses=("line",)),
    CommandRule("5.1", 285, formations=("16",), orders=_MARCH),
    CommandRule("5.1", 285, formations=("23", "15", "17"), kinds=("Inf",), statuses=("line", "breastworks"),
                orders="defend in place"),
    CommandRule("5.1", 285, formations=("23", "15", "17"), kinds=("Art",), statuses=("breastworks",),
                orders="defend in place"),
    CommandRule("5.1", 285, formations=("USA", "Ohio", "Tenn"), kinds=("Ldr", "HQ", "Sup"), orders="defend in place"),
    CommandRule("5.1", 340, formations=("H",), kinds=("Inf",), statuses=("line",), orders=_ATTACK,
                constraint="on the road, no more than one unit per hex"),
    CommandRule("5.1", 340, units=("Cleburne", "Walker", "Bate"), constraint="with any brigade of his division"),
    CommandRule("5.1", 344, formations=("H",), kinds=("Ldr", "Art", "Sup"), orders=_ATTACK),
    CommandRule("5.1", 342, formations=("GaMil",), kinds=("Inf",), statuses=("line",)),
    CommandRule("5.1", 342, formations=("Cht", "Res", "GaMil"), kinds=("Art",), statuses=("unlimbered",)),
    CommandRule("5.1", 342, units=("Hb(4)",), statuses=("limbered",),
                note="Hardee's artillery outside the defenses is excepted from 'unlimbered'"),
    CommandRule("5.1", 342, formations=("Cv", "Jackson"), kinds=("Cav",), note="in line or mounted (player's choice)"),
    CommandRule("5.1", 344, formations=("Cht",), orders="stand by to attack on order from the Army of Tennessee "
                                                        "commander"),
    CommandRule("5.1", 344, formations=("Cv", "Jackson"), orders="capture the Union trains at or north of Decatur"),
    CommandRule("5.2", 663, formations=("15", "17", "16"), orders=_ADVANCE),
    CommandRule("5.2", 665, formations=("Tenn",), kinds=("Ldr", "HQ"),
                orders=_ADVANCE + " (accepted, not yet issued to the corps)"),
    CommandRule("5.2", 663, formations=("23",), orders="advance on Atlanta North of the Railroad"),
    CommandRule("5.2", 665, units=("Schofield",), statuses=("d1",)),
    CommandRule("5.2", 663, formations=("1/4",), orders="none (orders from Howard arrive at 10:00AM)"),
    CommandRule("5.2", 663, formations=("4",), orders="advance on Atlanta keeping communication with the Army of "
                                                      "the Ohio"),
    CommandRule("5.2", 705, formations=("Cht",), orders="defend Atlanta against Union forces approaching from the "
                                                        "NorthEast (Force 1)"),
    CommandRule("5.2", 707, formations=("Cv",), orders="delay the Union approach from the Northeast and East (Force 1)"),
    CommandRule("5.2", 709, formations=("GaMil", "Res"), orders="defend the inner Atlanta defenses (Force 2)"),
)


def _subtree(roots: Iterable[str]) -> set[str]:
    children: dict[str, list[str]] = {}
    for f in formations():
        children.setdefault(f.parent, []).append(f.formation_id)
    out: set[str] = set()
    todo = list(roots)
    while todo:
        fid = todo.pop()
        if fid not in out:
            out.add(fid)
            todo += children.get(fid, [])
    return out


# --------------------------------------------------------------------------- build


def build(ctx: Any) -> None:
    """Import the Atlanta rulebook: OOB, scenarios, setups, arrivals, tables, VP."""
    vocab = vocabulary()
    _oob(ctx)
    turn_at: dict[int, int] = {}  # a variant reuses its base's first/last-turn lines: read each line once
    for s in SCENARIOS:
        for line in s[4:6]:
            if line not in turn_at:
                turn_at[line] = _scenario_clock(ctx, s[0], line)
    clocks = {s[0]: (turn_at[s[4]], turn_at[s[5]]) for s in SCENARIOS}
    rows: dict[str, list[dict[str, Any]]] = {}
    for table in LINE_TABLES:
        if table.scenario == "5.3" and "5.3 Setup" not in rows:
            _copy_5_2_into_5_3(ctx, rows)
        _line_table(ctx, table, vocab, rows, clocks[table.scenario][0])
    _scenario_rules(ctx, rows)
    _scenarios(ctx, clocks)
    for sheet in sorted(rows, key=_sheet_order):
        for record in rows[sheet]:
            table = record.pop("_table", None)   # rows added for a loss line have no table of their own
            ctx.emit(sheet, record, table, record["rulebook_line"] if table else None)
    _dice_tables(ctx)
    _panic_tables(ctx)
    _victory(ctx)
    _quirk_notes(ctx)


def _sheet_order(name: str) -> tuple[int, str]:
    sid = name.split(" ")[0]
    order = [s[0] for s in SCENARIOS]
    return (order.index(sid), name)


def _oob(ctx: Any) -> None:
    for f in formations():
        ctx.emit("Formations", {"formation_id": f.formation_id, "side": f.side, "name": f.name, "level": f.level,
                                "parent": f.parent or None, "leader": f.leader or None})
    for u in units():
        ctx.emit("Units", {
            "unit_id": u.unit_id, "side": u.side, "name": u.name, "type": u.type, "size": u.size or None,
            "command": u.formation, "formation": None,
            "strength": u.strength, "notes": _join(u.notes, f"named on rulebook line {u.line}"),
        })


def _join(*parts: str) -> str | None:
    text = "; ".join(p for p in parts if p)
    return text or None


def _data_lines(ctx: Any, table: LineTable) -> list[tuple[int, str]]:
    """(first line, text) of every data row; joined lines become one row."""
    ctx.book.check_anchor(table.first, table.anchor)
    joined = {n for tail in table.joins.values() for n in tail}
    out = []
    for number in range(table.first, table.last + 1):
        text = ctx.book.line(number).strip()
        if "**" in text:
            ctx.note(table.id, number, "text", text, text.replace("**", ""), "Markdown bold markers removed")
            text = text.replace("**", "")
        if not text or number in table.notes or number in joined or number == table.all_rows:
            continue
        for extra in table.joins.get(number, ()):
            text += " " + ctx.book.line(extra).replace("**", "").strip()
        out.append((number, text))
    return out


def _line_table(ctx: Any, table: LineTable, vocab: Vocabulary, rows: dict[str, list[dict[str, Any]]],
                first_turn: int) -> None:
    count = ctx.report.table(table.id, table.first, table.last)
    for line, printed in _data_lines(ctx, table):
        count.rows_read.add(line)
        reject = ctx.overrides.get(line, "row")
        if reject is not None:
            ctx.reject(table.id, line, printed, f"override: {reject.reason}")
            continue
        text = ctx.override(table.id, line, "text", printed)
        try:
            if table.kind == "losses":
                _losses(ctx, table, line, text, vocab, rows)
            else:
                for clause in _clauses(text, table.pairs):
                    _placement(ctx, table, line, clause, vocab, rows, first_turn)
        except LineError as exc:
            ctx.reject(table.id, line, printed, str(exc))
            continue
        ctx.keep(table.id, line)
    if table.all_rows:
        rule = ctx.book.line(table.all_rows).strip()
        ctx.note(table.id, table.all_rows, "constraint", rule, "added to every row of the table",
                 "a rule for all rows is printed after the table")
        constraint = re.sub(r"^All of the above units are deployed ", "", rule).rstrip(".")
        for record in rows.get(f"{table.scenario} Setup", []):
            if table.first <= record["rulebook_line"] <= table.last:
                record["constraint"] = _join(record.get("constraint") or "", constraint)


def _clauses(text: str, pairs: bool) -> list[str]:
    """Split an override's ` | ` clauses, and `Heading: unit hex, unit hex` pair lines."""
    clauses = [c.strip() for c in text.split(" | ") if c.strip()]
    if not pairs:
        return clauses
    out = []
    for clause in clauses:
        _, _, rest = clause.partition(":")
        chunks = [c.strip() for c in rest.split(",")]
        pair_re = re.compile(r"^(\S+)\s+(\d{1,2}[.:]\d{2})$")
        if rest and any(pair_re.match(c) for c in chunks):
            for chunk in chunks:
                m = pair_re.match(chunk)
                out.append(f"{m.group(1)}: {m.group(2)}" if m else chunk)
        else:
            out.append(clause)
    return out


def _placement(ctx: Any, table: LineTable, line: int, clause: str, vocab: Vocabulary,
               rows: dict[str, list[dict[str, Any]]], first_turn: int) -> None:
    p = parse_clause(clause, vocab, table.default_map)
    for note in p.notes:
        ctx.note(table.id, line, "units", clause, ", ".join(p.units), note)
    for h in p.hexes:
        if (reason := ctx.hexids.check(h)) is not None:
            raise LineError(reason)
    scenario = table.scenario
    if p.reinforcement:
        turn = _reinf_turn(scenario, p, first_turn)
        if p.printed_time:
            hour = next(h for tid, _, h, _ in turn_track() if tid == turn)
            if hour != p.printed_time:
                raise LineError(f"turn {p.scenario_turn} is {hour} on the turn track, the line prints {p.printed_time}")
            ctx.note(table.id, line, "turn", f"turn {p.scenario_turn} ({p.printed_time})", str(turn),
                     "scenario turn and printed time agree with the turn track")
        for uid in p.units:
            _add(rows, f"{scenario} Reinf", {
                "unit_id": uid, "turn": turn, "dr_set": p.dr_set or None, "entry": p.entry or None,
                "status": _statuses(uid, p.statuses, vocab), "strength": p.strength,
                "notes": _join(p.constraint, p.orders and f"orders: {p.orders}", *p.remarks),
                "rulebook_line": line, "_table": table.id,
            })
        return
    amend_only = not (p.location or p.constraint or p.statuses or p.strength is not None)
    for uid in p.units:
        existing = [r for s in (f"{scenario} Setup", f"{scenario} Reinf") for r in rows.get(s, [])
                    if r["unit_id"] == uid]
        if amend_only and existing:
            for record in existing:
                if p.orders:
                    record["notes"] = _join(record.get("notes") or "", f"orders: {p.orders} (line {line})")
                for remark in p.remarks:
                    record["notes"] = _join(record.get("notes") or "", f"{remark} (line {line})")
            continue
        _add(rows, f"{scenario} Setup", {
            "unit_id": uid, "location": p.location or None, "constraint": p.constraint or None,
            "status": _statuses(uid, p.statuses, vocab), "strength": p.strength,
            "orders": p.orders or None, "notes": _join(*p.remarks),
            "rulebook_line": line, "_table": table.id,
        })


def _add(rows: dict[str, list[dict[str, Any]]], sheet: str, record: dict[str, Any]) -> None:
    """Add a row to a scenario sheet (kept in memory until formation rules and losses are applied)."""
    rows.setdefault(sheet, []).append(record)


def _merge_status(current: str | None, codes: Iterable[str]) -> str:
    """A ';'-list of status codes with `codes` added once each."""
    return ";".join(dict.fromkeys([*(current.split(";") if current else []), *codes]))


def _statuses(uid: str, codes: tuple[str, ...], vocab: Vocabulary) -> str | None:
    kind = vocab.types[uid]
    keep = [c for c in codes if not (c in ("line", "column") and kind not in ("Inf", "Cav"))
            and not (c in ("limbered", "unlimbered") and kind != "Art")]
    return ";".join(dict.fromkeys(keep)) or None


# The day each base scenario starts on (its 'First turn' line); variants share their base's day.
SCENARIO_DAY = {"5.1": "22", "5.2": "20", "5.3": "20"}


def _base(sid: str) -> str:
    """'5.1d.6' -> '5.1': a variant's base scenario."""
    return sid.split("d")[0]


def _scenario_clock(ctx: Any, sid: str, line: int) -> int:
    """Turn id of a 'First turn: 12:00PM July 22 1864' or 'starts the game at 12:30PM' line (override-able)."""
    printed = ctx.book.line(line).strip()
    text = ctx.override(f"{sid} scenario", line, "text", printed)
    m = re.search(r"(\d{1,2}):(\d{2})\s*(AM|PM)(?:\s+July (\d{2}))?", text)
    if not m:
        raise ValueError(f"line {line}: no time in '{printed}'")
    return turn_id(DATES[m.group(4) or SCENARIO_DAY[_base(sid)]], clock(m.group(1), m.group(2), m.group(3)))


def _reinf_turn(scenario: str, p: Placement, first_turn: int) -> int | None:
    """Turn-track id of an arrival: scenario turn N, or a clock time on the scenario's (or a named) day."""
    day = SCENARIO_DAY[_base(scenario)]
    if p.scenario_turn is not None:
        return first_turn + p.scenario_turn - 1
    if p.turn_time:
        return turn_id(DATES[p.turn_date or day], p.turn_time)
    return None


def _losses(ctx: Any, table: LineTable, line: int, text: str, vocab: Vocabulary,
            rows: dict[str, list[dict[str, Any]]]) -> None:
    notes: list[str] = []
    leader = re.match(r"Leader loss: (\S+) \(use replacement\)", text)
    if leader:
        pairs = [(uid, 0) for uid in resolve_units(leader.group(1), vocab, notes)]
    else:
        pairs = parse_losses(text, vocab, notes)
    for note in notes:
        ctx.note(table.id, line, "units", text, ", ".join(u for u, _ in pairs), note)
    for uid, loss in pairs:
        code = "replaced" if leader else f"loss-{loss}"
        what = "leader loss: use a replacement leader" if leader else f"previous loss -{loss}"
        existing = [r for s in (f"{table.scenario} Setup", f"{table.scenario} Reinf") for r in rows.get(s, [])
                    if r["unit_id"] == uid]
        if not existing:
            existing = [{"unit_id": uid, "rulebook_line": line}]
            _add(rows, f"{table.scenario} Setup", existing[0])
        for record in existing:
            record["status"] = _merge_status(record.get("status"), (code,))
            record["notes"] = _join(record.get("notes") or "", f"{what} (line {line})")


def _copy_5_2_into_5_3(ctx: Any, rows: dict[str, list[dict[str, Any]]]) -> None:
    """5.3a/5.3b: 'Same as 5.2a/5.2b' — the 5.2 rows, before the 5.3 additions."""
    for kind in ("Setup", "Reinf"):
        copied = [dict(r, notes=_join(r.get("notes") or "", "as 5.2 ('Same as 5.2a/5.2b', lines 833, 841)"))
                  for r in rows.get(f"5.2 {kind}", [])]
        rows[f"5.3 {kind}"] = copied + rows.get(f"5.3 {kind}", [])
    ctx.note("5.3b Confederate additions", 833, "setup", "Same as 5.2a", "5.2 rows copied",
             "5.3 setup and reinforcements are those of 5.2 plus the 5.3b additions")


def _scenario_rules(ctx: Any, rows: dict[str, list[dict[str, Any]]]) -> None:
    types = {u.unit_id: u.type for u in units()}
    home = {u.unit_id: u.formation for u in units()}
    for rule in COMMAND_RULES:
        members = _subtree(rule.formations)
        for scen in (rule.scenario, "5.3") if rule.scenario == "5.2" else (rule.scenario,):
            for sheet in (f"{scen} Setup", f"{scen} Reinf"):
                for record in rows.get(sheet, []):
                    uid = record["unit_id"]
                    if (rule.units and uid not in rule.units) or (rule.formations and home[uid] not in members) \
                            or (rule.kinds and types[uid] not in rule.kinds):
                        continue
                    _apply(record, rule, sheet.endswith("Setup"))
        ctx.note(f"{rule.scenario} scenario", rule.line, "status/orders", ",".join(rule.formations or rule.units),
                 "; ".join(filter(None, (";".join(rule.statuses), rule.orders, rule.constraint, rule.note))),
                 "scenario rule for whole commands")


def _apply(record: dict[str, Any], rule: CommandRule, setup: bool) -> None:
    if rule.statuses:
        record["status"] = _merge_status(record.get("status"), rule.statuses)
    if rule.constraint and setup:
        record["constraint"] = _join(record.get("constraint") or "", rule.constraint)
    if rule.note:
        record["notes"] = _join(record.get("notes") or "", rule.note)
    if rule.orders and setup and not record.get("orders"):
        record["orders"] = rule.orders
    elif rule.orders and not setup and "orders:" not in (record.get("notes") or ""):
        record["notes"] = _join(record.get("notes") or "", f"orders: {rule.orders}")


def _scenarios(ctx: Any, clocks: Mapping[str, tuple[int, int]]) -> None:
    for sid, name, section, line, _, _, maps, base, notes in SCENARIOS:
        start, end = clocks[sid]
        ctx.emit("Scenarios", {
            "scenario_id": sid, "name": name, "section": section, "rulebook_line": line,
            "start_turn": start, "end_turn": end, "maps": maps,
            "notes": _join(base and f"variant of {base}: only the listed units differ from {base}", notes),
        })


# --------------------------------------------------------------------------- die-roll tables


@dataclass(frozen=True)
class DieTable:
    """A die-roll table: rows read from lines by `pattern` (groups: roll, result) or given with their line."""

    table_id: str
    name: str
    die: str
    purpose: str
    section: str
    scenario: str | None
    first: int
    last: int
    anchor: str
    pattern: str = ""
    rows: tuple[tuple[int, str, str], ...] = ()
    modifiers: tuple[tuple[int, str, str], ...] = ()


DIE_TABLES: tuple[DieTable, ...] = (
    DieTable("atl-16th-corps-location", "Location of 16th Corps", "1d6",
             "rolled after the first Confederate move; where the 16th Corps infantry stands", "5.1d.2", "5.1",
             473, 485, "1: In position", r"^(\d): (.+)$"),
    DieTable("atl-hardee-formation", "Hardee's Corps movement: first roll (movement constraints)", "2d6",
             "each movement phase, per division of Hardee's Corps, until a unit sights the enemy within 6 hexes",
             "5.1d.12", "5.1", 604, 608, "First die roll", r"^(\d+-\d+|\d+\+)\t(.+)$",
             modifiers=((602, "+rating", "division commander's rating"),
                        (602, "+1", "Hardee is stacked with the division commander"))),
    DieTable("atl-hardee-movement", "Hardee's Corps movement: second roll (movement allowance)", "2d6",
             "each movement phase, per division of Hardee's Corps; results above 11 are not printed", "5.1d.12",
             "5.1", 609, 615, "Second die roll", r"^(\d+-\d+|\d+\+?)\t(.+)$",
             modifiers=((602, "+rating", "division commander's rating"),
                        (602, "+1", "Hardee is stacked with the division commander"))),
    DieTable("atl-storm-turn", "Storm day: roll every turn", "1d6",
             "on a day of storms; rolls 3-5 are not printed (no change)", "5.2d.5", "5.3", 999, 1001,
             "1,2: A roll", r"^(\d,\d|\d): (.+)$"),
    DieTable("atl-covington-raid", "No Covington Raid (variant)", "1d6",
             "rolled after Confederate placement and orders if the variant is used; other rolls: the raid happens",
             "5.1d.1", "5.1d.1", 457, 457, "Covington",
             rows=((457, "1-2", "no Covington raid: Garrard's division stays on the map (5.1d.1 setup)"),)),
    DieTable("atl-hearing-guns", "Hearing the guns", "1d6", "rolled at each combat roll until both have heard",
             "5.1d.11", "5.1", 596, 596, "Peculiar acoustics",
             rows=((596, "1", "the combat is heard by Sherman"), (596, "6", "the combat is heard by Hood"))),
    DieTable("atl-creek-crossing", "Peachtree Creek crossing site", "1d6",
             "an unshaken infantry or cavalry unit spends its whole movement allowance in place, then rolls",
             "1.7", None, 70, 70, "Primary roads",
             rows=((70, "1-2", "crossing found: the unit moves across and is disorganized"),),
             modifiers=((70, "only 1", "either hex is swamp"), (70, "none", "both hexes are swamp"))),
    DieTable("atl-bridge-repair", "Bridge repair", "1d6", "each turn while the repair conditions of 1.8 hold",
             "1.8", None, 74, 74, "Bridges may be destroyed", rows=((74, "1", "the bridge is repaired"),)),
    DieTable("atl-cavalry-not-played", "Cavalry action not played: brigades sent to Decatur", "1d6",
             "'roll low or high with a die': the thresholds are not printed", "5.1d.5", "5.1", 543, 543,
             "This rule allows", rows=((543, "low", "one brigade of the Army of the Ohio"),
                                       (543, "high", "two brigades of the Army of the Ohio"))),
)

_WEATHER = ("atl-weather-after-clear", "atl-weather-after-rain", "atl-weather-after-storm")


def _dice_tables(ctx: Any) -> None:
    for t in DIE_TABLES:
        ctx.emit("Tables", {"table_id": t.table_id, "name": t.name, "die": t.die, "purpose": t.purpose,
                            "section": t.section, "scenario_id": t.scenario, "rulebook_line": t.first})
        report = f"{t.section} {t.table_id}"
        if t.pattern:
            for line, m in ctx.prose(report, t.first, t.last, t.anchor, t.pattern):
                roll = m.group(1).replace(",", "-")
                if roll != m.group(1):
                    ctx.note(report, line, "roll", m.group(1), roll, "roll list written as a range")
                ctx.emit("Rows", {"table_id": t.table_id, "roll": roll, "result": _squash(m.group(2)),
                                  "rulebook_line": line}, report, line)
        else:
            ctx.book.check_anchor(t.first, t.anchor)
            for line, roll, result in t.rows:
                ctx.emit("Rows", {"table_id": t.table_id, "roll": roll, "result": result, "rulebook_line": line})
        for line, modifier, condition in t.modifiers:
            ctx.emit("Modifiers", {"table_id": t.table_id, "modifier": modifier, "condition": condition,
                                   "rulebook_line": line})
    _weather(ctx)


def _weather(ctx: Any) -> None:
    report = "5.2d.5 weather"
    header = ctx.book.line(989)
    ctx.note(report, 989, "header", header.strip(), "previous day",
             "header says 'Previous Turn' but the roll is made once a day; column 'Storms' is the result 'Storm'")
    for tid, previous in zip(_WEATHER, ("Clear", "Rain", "Storm")):
        ctx.emit("Tables", {"table_id": tid, "name": f"Weather (previous day {previous})", "die": "1d6",
                            "purpose": "rolled each day on the first daylight turn; applies all day",
                            "section": "5.2d.5", "scenario_id": "5.3", "rulebook_line": 989})
    for line, m in ctx.prose(report, 990, 993, "1-3", r"^(\d-\d|\d)\t+(\w+)\t(\w+)\t(\w+)$"):
        for tid, result in zip(_WEATHER, m.groups()[1:]):
            ctx.emit("Rows", {"table_id": tid, "roll": m.group(1), "result": result, "rulebook_line": line},
                     report, line)


# (table id, leader, header line, status-2 line, status-1 line, modifier lines)
PANIC = (
    ("atl-panic-sherman", "Sherman", 1013, 1014, 1015, (1017,)),
    ("atl-panic-johnston", "Johnston", 1035, 1036, 1037, (1039, 1040, 1041, 1042)),
    ("atl-panic-hood", "Hood", 1058, 1059, 1060, ()),
)


def _panic_tables(ctx: Any) -> None:
    for tid, leader, head, two, one, mods in PANIC:
        report = f"personality {leader}"
        ctx.report.table(report, head, one)
        bands = [c for c in ctx.book.line(head).split("\t")[1:] if c.strip()]
        for status, line in (("2", two), ("1", one)):
            table_id = f"{tid}-status-{status}"
            ctx.emit("Tables", {
                "table_id": table_id, "name": f"{leader} panic roll (army commander status {status})", "die": "2d6",
                "purpose": "roll = number of wrecked divisions; result = the 2d6 total (plus modifiers) that "
                           "panics" + (": exactly = freeze for a day, higher = fall back across the Chattahoochie"
                                       if leader == "Sherman" else ""),
                "section": "personality sheets", "scenario_id": None, "rulebook_line": head})
            ctx.report.tables[report].rows_read.add(line)
            values = [c.strip() for c in ctx.book.line(line).split("\t")[1:] if c.strip()]
            for band, value in zip(bands, values):
                result = value
                if value == "-":
                    result = "no panic possible"
                    ctx.note(report, line, "result", value, result, "'-' printed: this status cannot panic here")
                ctx.emit("Rows", {"table_id": table_id, "roll": band.strip(), "result": result,
                                  "rulebook_line": line}, report, line)
            for mline in mods:
                text = ctx.book.line(mline).strip()
                m = re.match(r"(?:Modifiers: )?(\+\d)(?: to the roll)?(?: if| in addition if)? (.+)$", text)
                if not m:
                    raise ValueError(f"line {mline}: panic modifier not understood: {text!r}")
                ctx.emit("Modifiers", {"table_id": table_id, "modifier": m.group(1),
                                       "condition": m.group(2).rstrip("."), "rulebook_line": mline})
        ctx.keep(report, head)
        ctx.report.tables[report].rows_read.add(head)


# --------------------------------------------------------------------------- victory

_GROUPS = {"*": "group *: count only the largest of these", "**": "group **: 5 for the first, 3 for the second, "
           "1 for each additional", "***": "group ***: take only the largest of these"}
_VP_LINE = re.compile(r"^([+-]?\s?\d+)\s+(.+?)(\*{1,3})?$")
_WRECK = re.compile(r"^(\d+)\s+Per wrecked (brigade|division|corps)")

# (scenario, first, last, anchor, lines that are headings/notes, default map)
VP_TABLES = (
    ("5.1", 375, 427, "Union forces inside the outer defenses", {378, 388, 395, 397, 399, 401, 407, 409, 417, 425},
     "A"),
    ("5.2", 731, 789, "Map B", {731, 735, 737, 757, 765, 767, 769, 777, 779, 787}, "A"),
    ("5.3", 859, 949, "Map B", {859, 865, 867, 891, 899, 901, 903, 909, 911, 919, 921, 929, 935, 943}, "A"),
)

# Prose VP items that no line pattern can read: (scenario, line, anchor, item, points, notes).
VP_PROSE = (
    ("5.1d.1", 463, "receives 10 victory points", "No Covington Raid variant used", -10,
     "'The Confederate player receives 10 victory points' (Union-positive scale: -10)"),
    ("5.1d.4", 495, "carries a 5 point penalty", "Sherman leaves the board to deliver orders to Thomas", -5, ""),
    ("5.1d.4", 539, "10 victory points per corps", "each Army of the Cumberland corps brought in", -10, ""),
    ("5.1d.4", 539, "5 victory points per division", "each division of Stewart's Corps brought in", 5,
     "'costs the Confederate player 5 victory points per division'"),
    ("5.3", 937, "Flank to East", "'Flank to East': south-edge VP of map A", "x2", "multiplier, not additive"),
    ("5.3", 937, "Flank to East", "'Flank to East': objectives inside the outer Atlanta defenses", "x1/2",
     "multiplier, not additive"),
    ("5.3", 937, "Flank to East", "'Flank to East': Army of the Tennessee supply train lost", -10, ""),
    ("5.3", 937, "Flank to East", "'Flank to East': each corps supply unit lost", -2, ""),
    ("5.3", 939, "Take Atlanta", "'Take Atlanta': south-edge VP", "x1/2", "multiplier, not additive"),
    ("5.3", 939, "Take Atlanta", "'Take Atlanta': objectives inside the outer Atlanta defenses", "x2",
     "multiplier, not additive"),
    ("5.3", 941, "Economy of force", "'Economy of force': a corps sent off the West edge of map B before the 22nd",
     20, "30 instead if it leaves before the 21st or never enters"),
    ("5.3", 945, "cover the abandonment", "Confederate 'cover abandonment': Union terrain VP acquired on the 22nd",
     "x1/2", "multiplier; Confederate losses and wrecks count double; Cleburne costs 10 VP"),
    ("5.3", 947, "counterattack option", "Confederate 'counterattack': bonus to the Union", 20,
     "wrecked units and casualties count double"),
    ("5.3", 949, "Johnston is in command", "Johnston in command: all terrain VP", "x1/2",
     "multiplier (possibly again); Confederate casualty points doubled"),
)

LEVEL_TABLES = (("5.1", 431, 443, "CSA Massive"), ("5.2", 795, 801, "CSA Massive"), ("5.3", 955, 961, "CSA Massive"))
_LEVEL = re.compile(r"^(?:(CSA|USA) (Massive|Major|Minor) victory|Draw):?\s+(.+)$")


def _victory(ctx: Any) -> None:
    for sid, first, last, anchor, skip, default_map in VP_TABLES:
        report = f"{sid} victory points"
        ctx.book.check_anchor(first, anchor)
        count = ctx.report.table(report, first, last)
        map_id = default_map
        for line in range(first, last + 1):
            text = ctx.book.line(line).replace("**", "§").strip()
            heading = re.fullmatch(r"Map ([AB])", ctx.book.line(line).strip())
            if heading:
                map_id = heading.group(1)
            if not text or line in skip or heading or text in ("Union:", "Confederate:"):
                continue
            if text.startswith(("For ", "If ", "Note")):
                continue
            count.rows_read.add(line)
            _vp_line(ctx, report, sid, line, ctx.book.line(line).strip(), map_id)
    for sid, line, anchor, item, points, notes in VP_PROSE:
        if anchor.lower() not in ctx.book.line(line).lower():
            raise ValueError(f"line {line}: expected '{anchor}'")
        ctx.emit("VP", {"scenario_id": sid, "item": item, "points": points, "side": UNION,
                        "notes": notes or None, "rulebook_line": line})
    for sid, first, last, anchor in LEVEL_TABLES:
        report = f"{sid} victory levels"
        for line, m in ctx.prose(report, first, last, anchor, _LEVEL.pattern):
            low, high = _band(m.group(3))
            low = _num(ctx.override(report, line, "low", "" if low is None else str(low)))
            high = _num(ctx.override(report, line, "high", "" if high is None else str(high)))
            result = f"{m.group(1)} {m.group(2)} victory" if m.group(1) else "Draw"
            ctx.emit("Levels", {"scenario_id": sid, "low": low, "high": high, "result": result,
                                "rulebook_line": line}, report, line)


def _num(text: str) -> int | None:
    return int(text) if text else None


def _band(text: str) -> tuple[int | None, int | None]:
    text = text.strip()
    if m := re.fullmatch(r"less than (-?\d+)", text):
        return None, int(m.group(1)) - 1
    if m := re.fullmatch(r"(-?\d+) to (-?\d+)", text):
        return int(m.group(1)), int(m.group(2))
    if m := re.fullmatch(r"(-?\d+) or more", text):
        return int(m.group(1)), None
    raise ValueError(f"victory band not understood: {text!r}")


def _vp_line(ctx: Any, report: str, sid: str, line: int, text: str, map_id: str) -> None:
    wreck = _WRECK.match(text)
    if wreck:
        points, what = int(wreck.group(1)), wreck.group(2)
        ctx.emit("VP", {"scenario_id": sid, "item": f"each wrecked Confederate {what}", "points": points,
                        "side": UNION, "notes": "(subtract for Union, add for Confederate)",
                        "rulebook_line": line}, report, line)
        ctx.emit("VP", {"scenario_id": sid, "item": f"each wrecked Union {what}", "points": -points,
                        "side": UNION, "notes": "(subtract for Union, add for Confederate)", "rulebook_line": line})
        if what == "corps":
            for corps, value in (("16th", 2), ("17th", 3), ("23rd", 3)):
                ctx.emit("VP", {"scenario_id": sid, "item": f"wrecked Union {corps} Corps", "points": -value,
                                "side": UNION, "notes": f"exception to {points} per corps (2,3,3 for 16th, 17th, "
                                                         f"23rd)", "rulebook_line": line})
        return
    m = _VP_LINE.match(text)
    if not m:
        ctx.reject(report, line, text, "not a VP line")
        return
    points = int(m.group(1).replace(" ", ""))
    if " " in m.group(1):
        ctx.note(report, line, "points", m.group(1), str(points), "space inside a signed number")
    item = " ".join(m.group(2).split())
    notes: list[str] = []
    if m.group(3):
        notes.append(_GROUPS[m.group(3)])
    hexes = re.findall(r"\b(\d{1,2}\.\d{2})\b", item) if item.startswith("Hex") else []
    location = ", ".join(f"{map_id}{int(h.split('.')[0])}.{h.split('.')[1]}" for h in hexes) or None
    for h in (location or "").split(", "):
        if h and (reason := ctx.hexids.check(h)) is not None:
            ctx.reject(report, line, text, reason)
            return
    if not location and sid != "5.1" and not item.lower().startswith(("for ", "per ")):
        notes.append(f"map {map_id}")
    named = re.fullmatch(r"Hex \d{1,2}\.\d{2} \(([^,)]+)[,)].*", item)
    if named and sid == "5.1":
        ctx.emit("Names", {"map": map_id, "hex": location, "name": named.group(1), "source": "5.1c.1 victory points",
                           "rulebook_line": line})
    ctx.emit("VP", {"scenario_id": sid, "item": item, "location": location, "points": points, "side": UNION,
                    "notes": _join(*notes, "net score is Union-positive: negative points favour the Confederates"),
                    "rulebook_line": line}, report, line)


# --------------------------------------------------------------------------- quirks

# Digest B2.5 quirks that no table row carries; each is noted with what the data does about it.
QUIRKS: tuple[tuple[int, str, str], ...] = (
    (50, "purple hexsides 'on the SW map'", "read as map A (SE): 5.1a.2 says the Union works are printed on map A; "
                                             "terrain is not digitised yet"),
    (54, "woods to ignore 'lost in the .pdf version'", "not data: derive from the hexes in front of the works"),
    (162, "Johnston option: 8 hexes (3.1) vs 10 hexes (5.1b.1 L327)", "option prose, not imported; both kept in "
                                                                       "README"),
    (325, "'Wkr/M/H (Maney's brigade)'", "kept as printed: a brigade of Maney's division, ordered to Bate"),
    (371, "Bald Hill 'hex 17.19' in the objective prose", "VP rows follow the tables: 18.14 is Bald Hill, 17.19 "
                                                          "the dominating height"),
    (447, "Georgia Railroad 'not reflected in these totals'", "the 5 VP row of the table (L381) is kept; the "
                                                               "printed maximum 136 includes it"),
    (767, "stated maximum 124 (44)", "the table sums to 116 (36); table values kept, maximum not imported"),
    (901, "stated maximum 140 (60)", "the table sums to 141 (61); table values kept, maximum not imported"),
    (775, "'-2 For each corps supply unit lost' (side not stated)", "kept as printed on the Union-positive scale"),
    (789, "'-1 for each turn of delay after 4:00PM until Cleburne enters'", "kept as printed; the sign favours "
                                                                            "the Confederates for their own delay"),
    (811, "'See 5.1d.8'", "the optional units are those of 5.1d.7 (5.1d.8 is hidden deployment)"),
    (851, "'road exit at SE 19.20'", "SE = map A, but 19.20 is not an edge hex; prose, not imported"),
    (853, "heading '5.2c' reused in 5.3", "imported as scenario 5.3 victory points"),
    (975, "'See 5.1d.5'", "Thomas's help is 5.1d.4; 5.3d.2 not imported as rows (prose only)"),
    (1023, "panic demands: Sherman's sheet vs Johnston's/Hood's sheets", "conflicting counts; not imported, "
                                                                         "see README"),
    (615, "second Hardee roll stops at 9-11", "modified rolls above 11 have no printed result"),
    (667, "Garrard has orders but no setup hex", "no row; his division is placed only by 5.1d.1"),
    (285, "'1/4/16 and the accompanying artillery 16b(1) and 2/Cavb(2)'", "read as Sprague's 2/4/16, 4/16db(1) "
                                                                          "and 2/Cavb(2): in line, unentrenched"),
    (543, "'roll low or high with a die' has no thresholds", "table atl-cavalry-not-played keeps 'low'/'high'"),
    (681, "unclosed parenthesis in the 5.2b.1 cavalry label", "the printed label is a known group phrase"),
    (823, "'Army of Tennessee' names both the Confederate army and (in 5.1a/5.2a) the Union Army of the "
          "Tennessee", "group phrases are resolved per table: Union in 5.2a.1 L647"),
)


def _quirk_notes(ctx: Any) -> None:
    for line, what, action in QUIRKS:
        ctx.note("quirks", line, "text", what, action, "rulebook defect (digest B2.5)")
