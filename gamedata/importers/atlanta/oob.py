"""The Atlanta order of battle as the text names it, and the phrases that stand for several units.

Formation ids are the designations the text prints; every unit and leader
carries the rulebook line that names it. Group phrases ("Cheatham's Corps")
list their member units, so a unit cell is checked against the OOB, never
guessed.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gamedata.model import Formation

UNION, CSA = "Union", "Confederate"


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


@dataclass(frozen=True, kw_only=True)
class OobFormation(Formation):
    """One row of the Formations sheet, with the rulebook line that names the formation."""

    line: int


_SIDE = {"U": UNION, "C": CSA}


def _table(text: str) -> list[list[str]]:
    """Cells of a `|`-separated block (the OOB blocks above)."""
    return [[cell.strip() for cell in line.split("|")] for line in text.strip().splitlines()]


def formations() -> tuple[OobFormation, ...]:
    """The command structure the text names (formation ids are the designations it prints)."""
    return tuple(OobFormation(f, _SIDE[s], n, lvl, p, ldr, line=int(ln))
                 for f, s, n, lvl, p, ldr, ln in _table(FORMATIONS))


def units() -> tuple[OobUnit, ...]:
    """Every unit and leader the text names, with the line that names it."""
    return tuple(
        OobUnit(u, _SIDE[s], n, t, size, f, int(st) if st else None, int(ln), notes)
        for u, s, n, t, size, f, st, ln, notes in _table(UNITS)
    )


def subtree(roots: Iterable[str]) -> set[str]:
    """The formations `roots` and every formation under them."""
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
