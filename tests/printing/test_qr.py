import qrcode
from qrcode.constants import ERROR_CORRECT_M

from tournament.printing.qr import MASK, qr_matrix


def test_matrix_matches_the_reference_encoder():
    text = "http://127.0.0.1:8000/p/" + "k" * 43 + "/"
    ours = qr_matrix(text)
    ref = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, mask_pattern=MASK)
    ref.add_data(text, optimize=0)
    ref.make(fit=True)
    assert ours == ref.modules
