// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// Notes folder file names: Nextcloud Notes' rules, names every computer can hold, and the
/// conflict copies and temporary files that are not notes.
@Suite struct NoteFileNameTests {
    private func name(_ title: String, taken: Set<String> = []) -> String {
        NoteFileName.fileName(forTitle: title, fallback: "New note", taken: taken)
    }

    private func original(_ name: String) -> String? {
        NoteFileName.conflictOriginal(of: name)
    }

    // MARK: - Names from titles

    @Test func aTitleIsItsFirstLineWithTheMarkdownExtension() {
        #expect(name("Shopping list") == "Shopping list.md")
        #expect(name("Shopping list\nmilk\nbread") == "Shopping list.md")
        #expect(name("Windows\r\nline") == "Windows.md")
        #expect(name("Paragraph\u{2028}separator") == "Paragraph.md")
        #expect(name("  Spaced  ") == "Spaced.md")
        // Blank lines before the title are skipped, as Nextcloud trims them.
        #expect(name("\n  \n...\nTitle\nbody") == "Title.md")
    }

    @Test func charactersSomeSystemsForbidAreRemoved() {
        #expect(name("a*b|c/d\\e:f\"g<h>i?j") == "abcdefghij.md")
        #expect(name("Q&A: what? why!") == "Q&A what why!.md")
        #expect(name("*|/\\:\"<>?") == "New note.md")
    }

    @Test func leadingDotsAreRemovedSoNoNoteIsHidden() {
        #expect(name(".hidden") == "hidden.md")
        #expect(name(". . .dots") == "dots.md")
        #expect(name("...") == "New note.md")
        #expect(name("Wait...") == "Wait....md")
        #expect(name("../../etc/passwd") == "etcpasswd.md")
    }

    @Test func controlCharactersAreRemoved() {
        #expect(name("a\u{0}b\u{7}c\u{7F}d") == "abcd.md")
        #expect(name("tab\there") == "tab here.md")
        #expect(name("\u{0}\u{1}\u{2}") == "New note.md")
        #expect(name("\u{FEFF}With a byte order mark") == "With a byte order mark.md")
    }

    @Test func bidirectionalOverridesAreRemovedMarksStay() {
        // U+202E would show "invoice\u{202E}fdp.md" as "invoice" + "dm.pdf".
        #expect(name("invoice\u{202E}fdp") == "invoicefdp.md")
        #expect(name("\u{2067}isolated\u{2069}") == "isolated.md")
        let hebrew = "שלום\u{200F} 2024"
        #expect(name(hebrew) == hebrew + ".md")
    }

    @Test func anEmptyTitleTakesTheFallback() {
        #expect(name("") == "New note.md")
        #expect(name("   \n\n") == "New note.md")
        #expect(NoteFileName.fileName(forTitle: "", fallback: "Neue Notiz", taken: []) == "Neue Notiz.md")
        #expect(NoteFileName.fileName(forTitle: "", fallback: "...", taken: []) == "Note.md")
        #expect(name("", taken: ["new note.md"]) == "New note (2).md")
    }

    @Test func aTitleKeepsAtMost100Characters() {
        let long = String(repeating: "a", count: 150)
        #expect(name(long) == String(repeating: "a", count: 100) + ".md")
        // A space left at the cut is not kept.
        #expect(name(String(repeating: "a", count: 99) + " bcd") == String(repeating: "a", count: 99) + ".md")
    }

    @Test func longMultibyteTitlesAreCutBetweenCharacters() {
        let korean = String(repeating: "한국어", count: 100)
        let koreanName = name(korean)
        #expect(koreanName.utf8.count <= NoteFileName.maxNameBytes)
        #expect(korean.hasPrefix(NoteFileName.title(ofFileName: koreanName)))
        #expect(NoteFileName.title(ofFileName: koreanName).count == 65)

        let family = "👨‍👩‍👧‍👦"
        let familyName = name(String(repeating: family, count: 300))
        let stem = NoteFileName.title(ofFileName: familyName)
        #expect(familyName.utf8.count <= NoteFileName.maxNameBytes)
        #expect(!stem.isEmpty)
        #expect(stem.allSatisfy { $0 == Character(family) })

        // Decomposed accents are written composed (two bytes each, 98 fit), never cut from their letter.
        let decomposed = String(repeating: "e\u{301}", count: 150)
        #expect(name(decomposed) == String(repeating: "\u{E9}", count: 98) + ".md")
        #expect(!name(decomposed).unicodeScalars.contains("\u{301}"))
    }

    @Test func aTakenNameGetsANumberIgnoringCase() {
        #expect(name("Title", taken: ["Title.md"]) == "Title (2).md")
        #expect(name("Title", taken: ["TITLE.MD"]) == "Title (2).md")
        #expect(name("Title", taken: ["title.md", "Title (2).md"]) == "Title (3).md")
        #expect(name("Title", taken: ["Other.md", "Title.txt"]) == "Title.md")
        #expect(name("Café", taken: ["cafe\u{301}.md"]) == "Café (2).md")
        let long = String(repeating: "한", count: 100)
        let numbered = name(long, taken: [name(long)])
        #expect(numbered.hasSuffix(" (2).md"))
        #expect(numbered.utf8.count <= NoteFileName.maxNameBytes)
    }

    @Test func windowsDeviceNamesGetAnUnderscore() {
        #expect(name("CON") == "CON_.md")
        #expect(name("con") == "con_.md")
        #expect(name("Nul ") == "Nul_.md")
        #expect(name("COM1") == "COM1_.md")
        #expect(name("lpt9.notes") == "lpt9_.notes.md")
        #expect(name("LPT¹") == "LPT¹_.md")
        #expect(name("conout$") == "conout$_.md")
        #expect(name("aux .txt") == "aux_ .txt.md")
        #expect(name("Console") == "Console.md")
        #expect(name("COM10") == "COM10.md")
        #expect(name("CON", taken: ["con_.md"]) == "CON_ (2).md")
    }

    @Test func namesSyncClientsSkipAreAvoided() {
        #expect(name("~$budget") == "$budget.md")
        #expect(name("~syncthing~notes") == "syncthing~notes.md")
        #expect(name("draft.~1") == "draft~1.md")
        #expect(name("my_conflict-list") == "my_conflict list.md")
        #expect(name("Minutes (conflicted copy 2018-04-10 093612)") == "Minutes (conflicted-copy 2018-04-10 093612).md")
        let syncthingLike = name("Plan.sync-conflict-20230112-003022-FUKIKK4")
        #expect(syncthingLike == "Plan.sync-conflict-20230112-003022-FUKIKK4_.md")
        for title in ["~$budget", "draft.~1", "my_conflict-list", "Minutes (conflicted copy 2018-04-10 093612)",
                      "Plan.sync-conflict-20230112-003022-FUKIKK4", "Old_conflict-20180410-093612"] {
            #expect(NoteFileName.isNoteFile(name(title)), "\(title)")
        }
    }

    @Test func everyNameIsANoteFileThatFitsAndIsNotTaken() {
        let titles = ["", "x", ".", "..", " . ", "CON", "NUL.md", "\u{0}", "a/b", "\u{202E}", "~", "~$", ".~",
                      String(repeating: "👩🏽‍💻", count: 200), String(repeating: "ß", count: 300), "Ǆ", "ﬁle",
                      "title.md", "x (2)", "emoji 🇺🇳 flag", "\t\t", "#", "- [ ] task",
                      String(repeating: " .", count: 90)]
        var taken: Set<String> = []
        for _ in 0..<3 {
            for title in titles {
                let fileName = NoteFileName.fileName(forTitle: title, fallback: "New note", taken: taken)
                #expect(NoteFileName.isNoteFile(fileName), "\(title)")
                #expect(fileName.utf8.count <= NoteFileName.maxNameBytes, "\(title)")
                #expect(!taken.contains { $0.lowercased() == fileName.lowercased() }, "\(title)")
                taken.insert(fileName)
            }
        }
    }

    // MARK: - Conflict copies

    @Test func syncthingConflictCopiesNameTheirNote() {
        #expect(original("Scratchpad.sync-conflict-20230112-003022-FUKIKK4.md") == "Scratchpad.md")
        #expect(original("v1.2 notes.sync-conflict-20230112-003022-AAAAAAA.txt") == "v1.2 notes.txt")
        #expect(original("README.sync-conflict-20230112-003022-ABCDE27") == "README")
        #expect(original("한국어.sync-conflict-20230112-003022-FUKIKK4.md") == "한국어.md")
    }

    @Test func namesThatOnlyLookLikeSyncthingConflictsAreNotConflicts() {
        for name in ["x.sync-conflict-notes.md", "x.sync-conflict-20230112-003022-fukikk4.md",
                     "x.sync-conflict-20230112-003022-FUKIKK.md", "x.sync-conflict-20230112-003022-FUKIKK10.md",
                     "x.sync-conflict-20230112-003022-FUKIK18.md", "x.sync-conflict-2023011-0030221-FUKIKK4.md",
                     "x sync-conflict-20230112-003022-FUKIKK4.md", "x.sync-conflict-20230112-003022-FUKIKK4 .md"] {
            #expect(original(name) == nil, "\(name)")
        }
    }

    @Test func nextcloudConflictCopiesNameTheirNote() {
        #expect(original("Name (conflicted copy 2018-04-10 093612).md") == "Name.md")
        #expect(original("Name (conflicted copy 2024-01-02 103000).md") == "Name.md")
        #expect(original("Name (conflicted copy USERNAME 2018-04-10 093612).md") == "Name.md")
        #expect(original("Name (conflicted copy Jane Doe 2018-04-10 093612).md") == "Name.md")
        #expect(original("a.b (conflicted copy j.doe 2018-04-10 093612).txt") == "a.b.txt")
        #expect(original("Makefile (conflicted copy j.doe 2018-04-10 093612)") == "Makefile")
        #expect(original("Chapter (2) (conflicted copy 2018-04-10 093612).md") == "Chapter (2).md")
        #expect(original("Name_conflict-20180410-093612.md") == "Name.md")
    }

    @Test func namesThatOnlyLookLikeNextcloudConflictsAreNotConflicts() {
        for name in ["Name (conflicted copy).md", "Name (conflicted copy 2018-04-10).md",
                     "Name (conflicted copy 2018-04-10 0936).md", "Name(conflicted copy 2018-04-10 093612).md",
                     "Name (conflicted copy  2018-04-10 093612).md", "Name (conflicted copy 2018-04-10 093612)x.md",
                     "Name (Conflicted Copy 2018-04-10 093612).md", "Name_conflict-2018-04-10.md", "Name (2).md"] {
            #expect(original(name) == nil, "\(name)")
        }
    }

    @Test func aCopyOfACopyNamesTheFirstNote() {
        #expect(original("Name (conflicted copy 2018-04-10 093612).sync-conflict-20230112-003022-FUKIKK4.md")
            == "Name.md")
        #expect(original("Name (conflicted copy 2018-04-10 093612) (conflicted copy 2018-04-11 101010).md")
            == "Name.md")
    }

    @Test func ordinaryNamesAreNoConflicts() {
        for name in ["Name.md", "", ".md", "(conflicted copy 2018-04-10 093612).md", "sync-conflict.md"] {
            #expect(original(name) == nil, "\(name)")
        }
    }

    // MARK: - Which files are notes

    @Test func notesAreMarkdownOrTextFiles() {
        for name in ["Note.md", "Note.MD", "Note.markdown", "Note.Markdown", "Note.txt", "Note.TXT", "a.b.md",
                     "Wait....md", "CON_.md", "Note (2).md"] {
            #expect(NoteFileName.isNoteFile(name), "\(name)")
        }
        for name in ["Note", "Note.org", "Note.md.bak", "Note.mdx", "Note.html", "Note.", "md"] {
            #expect(!NoteFileName.isNoteFile(name), "\(name)")
        }
    }

    @Test func hiddenTemporaryAndPartialFilesAreNotNotes() {
        for name in [".md", ".hidden.md", ".stfolder", ".syncthing.Note.md.tmp", "~syncthing~Note.md.tmp",
                     ".~lock.Note.md#", ".Note.md.~a1b2c3", "Note.~a1b2.md", "Note.md.part", ".ocTransferId12.part",
                     "Note.md~"] {
            #expect(!NoteFileName.isNoteFile(name), "\(name)")
        }
    }

    @Test func conflictCopiesAreNotNotes() {
        #expect(!NoteFileName.isNoteFile("Scratchpad.sync-conflict-20230112-003022-FUKIKK4.md"))
        #expect(!NoteFileName.isNoteFile("Name (conflicted copy 2018-04-10 093612).md"))
        #expect(!NoteFileName.isNoteFile("Name_conflict-20180410-093612.md"))
        #expect(NoteFileName.isNoteFile("x.sync-conflict-notes.md"))
    }

    @Test func aTitleIsTheNameWithoutItsExtension() {
        #expect(NoteFileName.title(ofFileName: "Shopping list.md") == "Shopping list")
        #expect(NoteFileName.title(ofFileName: "v1.2 notes.txt") == "v1.2 notes")
        #expect(NoteFileName.title(ofFileName: "Wait....md") == "Wait...")
        #expect(NoteFileName.title(ofFileName: "Title (2).md") == "Title (2)")
        #expect(NoteFileName.title(ofFileName: "README") == "README")
        #expect(NoteFileName.title(ofFileName: ".md") == ".md")
    }
}
