// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// PictureHeader and the picture rules: the first bytes of a picture file, pasted picture
/// bytes (NoteTransfer.richText for image/png and image/jpeg), media inlined in HTML.
/// A picture allowed to decode has a size within the limits; what an attachment is follows
/// from that check alone when the bytes are a picture.
func fuzzPicture(_ data: Data) {
    // The last 8 bytes of longer inputs are the file size the header is judged with.
    var header = data
    var byteCount = Int64(data.count)
    if data.count > 8 {
        header = data.prefix(data.count - 8)
        byteCount = data.suffix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }
    let picture = PictureHeader(header)
    if let picture, picture.format != .svg {
        require(picture.width >= 0 && picture.height >= 0, "a negative size: \(picture)")
    }
    let check = ContentRules.checkPicture(header: header, byteCount: byteCount)
    switch check {
    case .success(let checked):
        require(checked == picture, "checkPicture measured another picture than PictureHeader")
        require(byteCount <= ContentRules.maximumPictureBytes, "a file too large was allowed")
        if checked.format != .svg {
            require(checked.width > 0 && checked.height > 0
                    && checked.width <= ContentRules.maximumPictureSide && checked.height <= ContentRules.maximumPictureSide
                    && checked.width * checked.height <= ContentRules.maximumPicturePixels,
                    "a picture over the limits was allowed: \(checked)")
        }
    case .failure(.unreadable):
        require(picture == nil || (picture?.format != .svg && (picture?.width == 0 || picture?.height == 0)),
                "a readable picture called unreadable: \(String(describing: picture))")
    case .failure(.tooManyPixels(let width, let height)):
        let pixels = width.multipliedReportingOverflow(by: height)
        require(picture?.width == width && picture?.height == height && picture?.format != .svg
                && (width > ContentRules.maximumPictureSide || height > ContentRules.maximumPictureSide
                    || pixels.overflow || pixels.partialValue > ContentRules.maximumPicturePixels),
                "a picture within the limits refused as too large: \(width) × \(height)")
    case .failure(.fileTooLarge(let size)):
        require(size == byteCount && byteCount > ContentRules.maximumPictureBytes, "fileTooLarge for a small file")
    }
    let allowed = if case .success = check { true } else { false }
    for mimeType in ["image/png", "application/octet-stream", "video/mp4", "audio/ogg"] {
        let kind = ContentRules.attachmentKind(mimeType: mimeType, header: header, byteCount: byteCount)
        if allowed {
            require(kind == .image, "an allowed picture sent as \(mimeType) is not a picture")
        } else if picture != nil || mimeType == "image/png" {
            require(kind == .file, "a refused picture sent as \(mimeType) is not a file")
        } else {
            require(kind == Attachment.kind(forMIMEType: mimeType), "bytes that are no picture changed kind")
        }
    }
    // Pasted picture bytes: a picture only when allowed and PNG or JPEG, never anything else.
    let media = MemoryMedia()
    for mimeType in NoteTransfer.pictureMIMETypes {
        guard let pasted = try? NoteTransfer.richText(from: header, mimeType: mimeType, storeMedia: media.store) else {
            continue
        }
        let attachment = NoteTransfer.soleAttachment(of: pasted.text)
        require(attachment?.kind == .image, "pasted picture bytes gave no picture")
        guard case .success(let checked) = ContentRules.checkPicture(header: header, byteCount: Int64(header.count)),
              checked.format == .png || checked.format == .jpeg
        else { fatalError("invariant broken: pasted bytes became a picture that ContentRules refuses") }
    }
}
