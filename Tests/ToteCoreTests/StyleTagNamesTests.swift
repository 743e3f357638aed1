// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import ToteCore

@Suite struct StyleTagNamesTests {
    @Test func everyLinkSharesOneTag() {
        var tags = StyleTagNames()
        for index in 0..<2_500 {
            #expect(tags.names(for: TextStyle(link: "https://example.org/\(index)")) == ["link"])
        }
        #expect(tags.valueTags.isEmpty)
    }

    @Test func aStyleNamesEachOfItsAttributes() {
        var tags = StyleTagNames()
        let style = TextStyle(bold: true, italic: true, underline: true, strikethrough: true, monospace: true,
                              fontFamily: "Cantarell", fontSize: 14, textColor: RGBAColor(red: 255, green: 0, blue: 0),
                              highlight: RGBAColor(hex: "#ffff00"), link: "https://gnome.org/")
        #expect(tags.names(for: style) == [
            "bold", "italic", "underline", "strikethrough", "monospace", "link",
            "family:Cantarell", "size:14.0", "color:#ff0000ff", "highlight:#ffff00ff",
        ])
        #expect(tags.names(for: TextStyle()) == [])
    }

    @Test func valueTagsAreBoundedAndAValuePastThemShowsWithoutIt() {
        var tags = StyleTagNames()
        for red in 0..<200 {
            let names = tags.names(for: TextStyle(bold: true, textColor: RGBAColor(red: UInt8(red), green: 0, blue: 0)))
            if red < StyleTagNames.valueCapacity {
                #expect(names == ["bold", "color:\(RGBAColor(red: UInt8(red), green: 0, blue: 0).hex)"])
            } else {
                #expect(names == ["bold"], "past the capacity only the value goes")
            }
        }
        #expect(tags.valueTags.count == StyleTagNames.valueCapacity)
        // A value already named keeps its tag.
        #expect(tags.names(for: TextStyle(textColor: RGBAColor(red: 3, green: 0, blue: 0))).count == 1)
    }

    @Test func forgettingGivesBackEveryValueTagOnceAndMakesRoom() {
        var tags = StyleTagNames()
        for size in 0..<100 { _ = tags.names(for: TextStyle(fontSize: Double(size))) }
        let forgotten = tags.forgetValues()
        #expect(forgotten.count == StyleTagNames.valueCapacity && Set(forgotten).count == forgotten.count)
        #expect(tags.valueTags.isEmpty)
        #expect(tags.names(for: TextStyle(fontSize: 99)) == ["size:99.0"])
        #expect(tags.forgetValues() == ["size:99.0"])
    }

    @Test func everyTagWithoutAValueHasItsPlaceInTheOrder() {
        var tags = StyleTagNames()
        let every = TextStyle(bold: true, italic: true, underline: true, strikethrough: true, monospace: true, link: "https://gnome.org/")
        let named = Set(tags.names(for: every) + StyleTagNames.paragraphTags)
        #expect(named == Set(StyleTagNames.fixedTags))
        #expect(StyleTagNames.fixedTags.count == named.count)
        let order = StyleTagNames.fixedTags
        #expect(order.firstIndex(of: "paragraph:checked")! > order.firstIndex(of: "link")!)
        #expect(order.firstIndex(of: "link")! > order.firstIndex(of: "monospace")!)
    }

    @Test func paragraphStylesAndParsing() {
        #expect(StyleTagNames.names(for: .checklist(checked: true)) == ["paragraph:checklist", "paragraph:checked"])
        #expect(StyleTagNames.names(for: .body) == [])
        for style in [ParagraphStyle.heading(1), .heading(2), .heading(3), .bulleted, .numbered, .checklist(checked: false)] {
            #expect(StyleTagNames.names(for: style).allSatisfy(StyleTagNames.paragraphTags.contains))
        }
        #expect(StyleTagNames.parse("family:Noto Sans: Mono") == ("family", "Noto Sans: Mono"))
        #expect(StyleTagNames.parse("bold") == ("bold", ""))
    }
}
